import {
  DOWNLOAD_KINDS,
  type DownloadKind,
  type ExportTemplate,
  type FilterItem,
  type Page,
} from '@yuqing/core';
import { Button } from 'antd';
import { FileTextOutlined, UndoOutlined } from '@ant-design/icons';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import { DateRangeFilter } from './DateRangeFilter';
import { DownloadButton } from './DownloadButton';
import { DenoiseToggle } from './DenoiseToggle';
import { FilterPopover } from './FilterPopover';
import { KeywordSearch } from './KeywordSearch';
import { QuickRanges } from './QuickRanges';
import { SelectFilter } from './SelectFilter';
import styles from './QueryBar.module.css';

export interface QueryBarProps {
  page: Page;
  /** The project's time zone: ranges are resolved and shown in it. */
  timeZone: string;
  /**
   * A footer download button was clicked (the export itself is the page's); `template` when one
   * was chosen from its menu.
   */
  onDownload?(kind: DownloadKind, template?: string): void;
  /** The slide and Word templates the project's exports may use. */
  templates?: Partial<Record<DownloadKind, readonly ExportTemplate[]>>;
  onReport?(): void;
  /** An export is running: the footer buttons wait (spec 4, downloading flag). */
  downloading?: boolean;
  /** A report of the page is being made. */
  reporting?: boolean;
}

const DOWNLOAD_LABELS = {
  download_ppt: zh('下载PPT'),
  download_excel: zh('导出Excel'),
  download_word: zh('导出Word'),
  download_pdf: zh('导出PDF'),
} as const satisfies Record<DownloadKind, string>;

type ItemOf<T extends FilterItem['type']> = Extract<FilterItem, { type: T }>;

function itemsOf<T extends FilterItem['type']>(items: readonly FilterItem[], type: T) {
  return items.filter((item): item is ItemOf<T> => item.type === type);
}

/**
 * The query bar of a page (spec 2), from its filter items, in the spec's order: date range
 * picker; left items (selects); keyword search; right items (denoise toggle, filter popover);
 * quick-range chips; footer downloads (slide, excel, word, PDF) and the report button.
 */
export function QueryBar({
  page,
  timeZone,
  onDownload,
  templates,
  onReport,
  downloading,
  reporting,
}: QueryBarProps) {
  const t = useT();
  const items = page.filter;
  const q = useQueryStore((state) => state.query.q);
  const modified = useQueryStore((state) => state.query.useModified);
  const resetQuery = useQueryStore((state) => state.resetQuery);
  const dateRange = itemsOf(items, 'date_range')[0];
  const selects = itemsOf(items, 'select');
  const search = itemsOf(items, 'search')[0];
  const denoise = itemsOf(items, 'denoise')[0];
  const popovers = itemsOf(items, 'popover');
  const quickRange = itemsOf(items, 'quick_range')[0];
  const downloads = itemsOf(items, 'download').sort(
    (a, b) => DOWNLOAD_KINDS.indexOf(a.data_type) - DOWNLOAD_KINDS.indexOf(b.data_type),
  );
  const report = itemsOf(items, 'report')[0];
  const hasFooter = Boolean(quickRange) || downloads.length > 0 || Boolean(report);

  return (
    <div className={styles.bar} data-testid="query-bar">
      <div className={styles.row}>
        {dateRange && <DateRangeFilter item={dateRange} timeZone={timeZone} />}
        {selects.map((item, index) => (
          <SelectFilter key={`${item.field}-${index}`} item={item} />
        ))}
        {search && <KeywordSearch key={q} item={search} />}
        {(denoise || popovers.length > 0 || modified) && (
          <span className={styles.right}>
            {modified && (
              <Button
                type="link"
                icon={<UndoOutlined />}
                onClick={resetQuery}
                data-testid="query-reset"
              >
                {t('恢复默认')}
              </Button>
            )}
            {denoise && <DenoiseToggle item={denoise} />}
            {popovers.map((item, index) => (
              <FilterPopover key={index} item={item} timeZone={timeZone} />
            ))}
          </span>
        )}
      </div>
      {hasFooter && (
        <div className={styles.row}>
          {quickRange && <QuickRanges item={quickRange} timeZone={timeZone} />}
          {(downloads.length > 0 || report) && (
            <span className={styles.right}>
              {downloads.map((item) => (
                <DownloadButton
                  key={item.data_type}
                  kind={item.data_type}
                  label={item.label ? t.label(item.label) : t(DOWNLOAD_LABELS[item.data_type])}
                  templates={templates?.[item.data_type]}
                  loading={downloading}
                  onDownload={onDownload}
                />
              ))}
              {report && (
                <Button
                  type="primary"
                  data-testid="report-button"
                  icon={<FileTextOutlined />}
                  disabled={downloading}
                  loading={reporting}
                  onClick={() => onReport?.()}
                >
                  {report.label ? t.label(report.label) : t('生成报告')}
                </Button>
              )}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
