import type { Chart, FilterField, Page, SiteSettings } from '@yuqing/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useSession } from '../../session/session';
import { useExportTemplates, usePageExport } from '../../export';
import { HotPostTrigger } from './hot-posts';
import { ImportProgressBanner } from '../../widgets/import-status';
import { LeftTreeMenu } from '../../query/left-tree';
import { usePageReport } from './page-report';
import { AppliedFilters, QueryBar } from '../../query/bar';
import { useQueryStore } from '../../query/queryStore';
import { useDashboardQuery } from '../../query/useDashboardQuery';
import { WidgetGrid } from '../../widgets/WidgetGrid';
import { publishedPage } from '../../widgets/pageDataPrefetch';
import { usePageData } from '../../widgets/usePageData';
import { WidgetFrame } from '../../widgets/WidgetFrame';
import styles from './DashboardPage.module.css';

interface DashboardViewProps {
  menuKey: string;
  /** The menu item's label: a report of the page is named after it. */
  title: string;
  page: Page;
  timeZone: string;
  site: SiteSettings;
  /** Shown between the query bar and the widgets (the AI report's summary). */
  header?: ReactNode;
}

/** Widgets that fill the page alone instead of sitting on the grid (spec 2). */
const SOLO_TYPES: Chart['type'][] = ['search-post', 'm-iframe', 'landing-page'];

export function DashboardView({
  menuKey,
  title,
  page,
  timeZone,
  site,
  header,
}: DashboardViewProps) {
  const openedAt = useDashboardQuery(menuKey, page, timeZone);
  const query = useQueryStore((state) => state.query);
  const addFilter = useQueryStore((state) => state.addFilter);
  const setRange = useQueryStore((state) => state.setRange);
  const setQ = useQueryStore((state) => state.setQ);
  const setChartOptions = useQueryStore((state) => state.setChartOptions);
  const { detail } = useSession();
  const source = useMemo(() => publishedPage(detail, menuKey), [detail, menuKey]);
  const dataOf = usePageData(source, page.charts, query, openedAt, timeZone);
  const { downloading, onDownload } = usePageExport({
    source,
    charts: page.charts,
    query,
    openedAt,
    dataOf,
  });
  const templates = useExportTemplates(
    page.filter.flatMap((item) => (item.type === 'download' ? [item.data_type] : [])),
  );
  const { reporting, onReport } = usePageReport({
    source,
    title,
    charts: page.charts,
    query,
    openedAt,
    dataOf,
  });

  const onKeyword = useCallback(
    (word: string) => {
      const term = /[\s|()"+-]/.test(word) ? `"${word.replaceAll('"', '')}"` : word;
      const q = useQueryStore.getState().query.q;
      setQ(q ? `${q} ${term}` : term);
    },
    [setQ],
  );

  const frame = (chart: Chart) => (
    <WidgetFrame
      chart={chart}
      state={dataOf(chart)}
      query={query}
      site={site}
      timeZone={timeZone}
      onDrill={(field: FilterField, value: string) => addFilter(field, value)}
      onRange={setRange}
      onKeyword={onKeyword}
      onViewOptions={(options) => setChartOptions(chart.i, options)}
    />
  );

  if (openedAt === undefined) return <div className={styles.page} />;
  const solo = page.charts.length === 1 && SOLO_TYPES.includes(page.charts[0]!.type);
  return (
    <div className={styles.page} data-testid={`dashboard-${menuKey}`}>
      {page.leftTreeMenu.show && (
        <aside className={styles.tree}>
          <LeftTreeMenu config={page.leftTreeMenu} timeZone={timeZone} />
        </aside>
      )}
      <div className={styles.main}>
        <ImportProgressBanner />
        {page.filter.length > 0 && (
          <QueryBar
            page={page}
            timeZone={timeZone}
            onDownload={(kind, template) => void onDownload(kind, template)}
            templates={templates}
            downloading={downloading}
            onReport={() => void onReport()}
            reporting={reporting}
          />
        )}
        {page.page_config.hotpost.show && <HotPostTrigger timeZone={timeZone} />}
        <AppliedFilters />
        {header}
        {solo ? (
          <div className={styles.solo}>{frame(page.charts[0]!)}</div>
        ) : (
          <WidgetGrid charts={page.charts}>{frame}</WidgetGrid>
        )}
      </div>
    </div>
  );
}
