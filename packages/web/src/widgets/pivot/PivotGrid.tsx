import { DownloadOutlined } from '@ant-design/icons';
import {
  FIELD_LABELS,
  MAX_COLUMNS,
  VALUE_TYPE_LABELS,
  buildPivot,
  formatPercent,
  type PivotData,
  type PivotMatrix,
  type PivotRow,
} from '@yuqing/core';
import { Button, Segmented, Table, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { displayNameIn } from '../../format/displayName';
import { formatValue } from '../../format/numberStyle';
import type { WidgetViewProps } from '../types';
import { csvFileName, downloadCsv, pivotCsv, TOTAL_LABEL } from './csv';
import {
  cellShare,
  cellValue,
  compareRows,
  heatStyle,
  maxCell,
  SHARE_LABELS,
  type ShareMode,
} from './pivot';
import styles from './PivotGrid.module.css';

/** Spec 9: a table page holds 20 rows unless configured. */
const DEFAULT_PAGE_SIZE = 20;
const SHARE_MODES: ShareMode[] = ['row', 'col', 'total'];

interface PivotGridProps extends WidgetViewProps<PivotData> {
  /**
   * `plain` (pivottable): the values, totals beside and below.
   * `cross` (pivottable2): each value also as a share (of its row, column or the grand total, as
   * switched), cells tinted by value, and sorting by the share shown.
   */
  variant: 'plain' | 'cross';
}

type Column = number | 'total';

/** A rows × columns table of one measure with totals, sorting, drill-down and CSV export. */
export function PivotGrid({ chart, data, colors, onDrill, variant }: PivotGridProps) {
  const t = useT();
  const [share, setShare] = useState<ShareMode>('row');
  const cross = variant === 'cross';
  const format = chart.options.format === 'abbr' ? 'abbr' : 'number';
  const matrix = useMemo(
    () => buildPivot(data.list, { label: displayNameIn(t), maxColumns: MAX_COLUMNS }),
    [data.list, t],
  );
  const heatMax = useMemo(() => maxCell(matrix), [matrix]);
  const heatColor = colors.palette[0] ?? '#2E57E4';
  const rowsLabel = t.label(FIELD_LABELS[data.rows]);
  const colsLabel = t.label(FIELD_LABELS[data.cols]);
  const corner = `${rowsLabel} \\ ${colsLabel}`;

  const measure = (row: PivotRow, column: Column) =>
    cross ? cellShare(matrix, share, row, column) : cellValue(row, column);
  const show = (value: number, row: PivotRow | 'totals', column: Column): ReactNode => {
    const text = formatValue(value, format);
    if (!cross) return text;
    return (
      <span className={styles.cross}>
        <span>{text}</span>
        <span className={styles.share}>{formatPercent(cellShare(matrix, share, row, column))}</span>
      </span>
    );
  };
  const drillButton = (label: string, hint: string, onClick: () => void) => (
    <button
      type="button"
      className={styles.drill}
      title={t('筛选：{name}', { name: hint })}
      onClick={(event) => {
        // A header click would also sort the column; a click on its label filters only.
        event.stopPropagation();
        onClick();
      }}
    >
      {label}
    </button>
  );

  const columns: TableColumnsType<PivotRow> = [
    {
      key: 'label',
      title: corner,
      className: styles.labelColumn,
      sorter: compareRows('label'),
      render: (_, row) => drillButton(row.label, row.label, () => onDrill(data.rows, row.value)),
    },
    ...matrix.columns.map((column, at) => ({
      key: column.key,
      title:
        column.value === undefined
          ? column.label
          : drillButton(column.label, column.label, () => onDrill(data.cols, column.value!)),
      align: 'right' as const,
      sorter: compareRows(at, measure),
      sortDirections: ['descend' as const, 'ascend' as const],
      render: (_: unknown, row: PivotRow) => show(row.cells[at]!, row, at),
      onCell: (row: PivotRow) =>
        cross ? { style: heatStyle(row.cells[at]!, heatMax, heatColor) } : {},
    })),
    {
      key: 'total',
      title: t(TOTAL_LABEL),
      align: 'right',
      className: styles.total,
      sorter: compareRows('total', measure),
      sortDirections: ['descend', 'ascend'],
      render: (_, row) => show(row.total, row, 'total'),
    },
  ];

  const exportCsv = () =>
    downloadCsv(
      pivotCsv(
        buildPivot(data.list, { label: displayNameIn(t) }),
        corner,
        cross ? share : undefined,
        t,
      ),
      csvFileName(t.label(chart.title), cross ? t('交叉透视表') : t('透视表')),
    );

  return (
    <div className={styles.pivot} data-testid={`widget-body-${chart.i}`}>
      <div className={styles.toolbar}>
        <span className={styles.caption}>
          {rowsLabel} × {colsLabel} · {t.label(VALUE_TYPE_LABELS[data.valueType])}
        </span>
        {cross && (
          <Segmented
            size="small"
            value={share}
            options={SHARE_MODES.map((value) => ({ value, label: t(SHARE_LABELS[value]) }))}
            onChange={setShare}
          />
        )}
        <Button size="small" icon={<DownloadOutlined />} onClick={exportCsv}>
          {t('导出 CSV')}
        </Button>
      </div>
      <div className={styles.table}>
        <Table<PivotRow>
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={matrix.rows}
          pagination={{
            pageSize: chart.options.pageSize ?? DEFAULT_PAGE_SIZE,
            hideOnSinglePage: true,
            showSizeChanger: false,
            size: 'small',
          }}
          summary={() => <TotalsRow matrix={matrix} show={show} />}
        />
      </div>
    </div>
  );
}

/** The totals row: a table summary, so it stays last whatever the sort. */
function TotalsRow({
  matrix,
  show,
}: {
  matrix: PivotMatrix;
  show(value: number, row: 'totals', column: Column): ReactNode;
}) {
  const t = useT();
  return (
    <Table.Summary.Row className={styles.totals}>
      <Table.Summary.Cell index={0}>{t(TOTAL_LABEL)}</Table.Summary.Cell>
      {matrix.columns.map((column, at) => (
        <Table.Summary.Cell key={column.key} index={at + 1} align="right">
          {show(column.total, 'totals', at)}
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={matrix.columns.length + 1} align="right">
        {show(matrix.total, 'totals', 'total')}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}
