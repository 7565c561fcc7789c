import type { Report, ReportTheme, SiteSettings } from '@yuqing/core';
import { Empty, theme as antdTheme } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { WidgetGrid } from '../../widgets/WidgetGrid';
import { ReportChart } from './ReportChart';
import styles from './ReportView.module.css';

interface ReportViewProps {
  report: Report;
  /** The zone the charts' times are shown in. */
  timeZone: string;
  /** Where the report's header image and logo are shown from. */
  imageUrl(id: string): string;
}

/** The charts of a report take its theme's colours, as the dashboard's take the site's. */
function siteOf(theme: ReportTheme): SiteSettings {
  const { colors, colorMap, primaryColor } = theme;
  return { colors, colorMap, primaryColor, hideSubjectName: false };
}

/** A report as made: header, the query it was made under, and its charts from their snapshots. */
export function ReportView({ report, timeZone, imageUrl }: ReportViewProps) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { theme, chart_source: source } = report;
  const site = useMemo(() => siteOf(theme), [theme]);
  const filters = source.filters.length > 0 ? source.filters.join(t('；')) : t('无');

  return (
    <article
      className={styles.report}
      style={{ background: theme.bgColor }}
      data-testid="report-view"
    >
      <header className={styles.header}>
        {report.header_img && (
          <img className={styles.banner} src={imageUrl(report.header_img)} alt="" />
        )}
        <div className={styles.heading}>
          {report.logo_img && (
            <img className={styles.logo} src={imageUrl(report.logo_img)} alt="logo" />
          )}
          <div className={styles.titles}>
            <h1
              className={styles.title}
              style={{ color: theme.primaryColor ?? token.colorPrimary }}
            >
              {report.title}
            </h1>
            {report.desc && <p className={styles.desc}>{report.desc}</p>}
          </div>
        </div>
        {report.header_text && <p className={styles.headerText}>{report.header_text}</p>}
      </header>
      <p className={styles.source} data-testid="report-source">
        <span>{t('时间范围：{range}', { range: source.range })}</span>
        <span>{t('筛选条件：{filters}', { filters })}</span>
      </p>
      {report.charts.length === 0 ? (
        <Empty className={styles.empty} description={t('暂无数据')} />
      ) : (
        <WidgetGrid charts={report.charts}>
          {(chart) => (
            <ReportChart
              chart={chart}
              snapshot={report.aggsData[chart.i]}
              query={source.query}
              site={site}
              timeZone={timeZone}
            />
          )}
        </WidgetGrid>
      )}
    </article>
  );
}
