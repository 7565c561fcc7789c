import { InfoCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  INTERVAL_LABELS,
  VALUE_TYPE_LABELS,
  widgetHasData,
  widgetSpec,
  type Chart,
  type DateRange,
  type FilterField,
  type QueryState,
  type SiteSettings,
} from '@yuqing/core';
import { Empty, Segmented, Select, Spin, Tooltip } from 'antd';
import { Suspense, useMemo } from 'react';
import { widgetColors } from '@yuqing/core';
import { useT } from '../i18n/useT';
import { widgetDefinition } from './registry';
import type { WidgetData } from './usePageData';
import type { ViewOptionsChange } from './types';
import styles from './WidgetFrame.module.css';

interface WidgetFrameProps {
  chart: Chart;
  /** The widget's data from its page's `page_data` call. */
  state: WidgetData;
  query: QueryState;
  site: SiteSettings | undefined;
  timeZone: string;
  onDrill(field: FilterField, value: string): void;
  onRange(range: DateRange): void;
  onKeyword(word: string): void;
  onViewOptions: ViewOptionsChange;
  /** A report's snapshot: its data is of one value type and interval, so neither is offered. */
  readOnly?: boolean;
}

/** One widget on the grid: title bar with tips and switches, then loading, 无, or the chart. */
export function WidgetFrame({
  chart,
  state,
  query,
  site,
  timeZone,
  onDrill,
  onRange,
  onKeyword,
  onViewOptions,
  readOnly = false,
}: WidgetFrameProps) {
  const t = useT();
  const definition = widgetDefinition(chart.type);
  const { loading, data, error } = state;
  const colors = useMemo(() => widgetColors(site, chart.theme), [site, chart.theme]);
  const switched = query.chartOptions[chart.i] ?? {};
  const valueType =
    switched.value_type ??
    chart.innerRequest.value_type ??
    chart.options.valueTypes?.[0] ??
    'volume';
  const interval =
    switched.interval ?? chart.innerRequest.interval ?? chart.options.intervals?.[0] ?? 'auto';
  const { switches } = widgetSpec(chart.type);
  const hasData = widgetHasData(chart.type);
  const valueTypes = switches.valueType && !readOnly ? (chart.options.valueTypes ?? []) : [];
  const intervals = switches.interval && !readOnly ? (chart.options.intervals ?? []) : [];

  const empty = !loading && !error && hasData && (data === undefined || definition.isEmpty?.(data));
  const hasHeader = Boolean(chart.title) || valueTypes.length > 1 || intervals.length > 1;

  return (
    <section
      className={styles.frame}
      data-testid={`widget-${chart.i}`}
      data-widget-type={chart.type}
    >
      {hasHeader && (
        <header className={styles.header}>
          <h3 className={styles.title}>
            {chart.titleHasIcon && <InfoCircleOutlined className={styles.titleIcon} />}
            {chart.title && t.label(chart.title)}
            {chart.tips && (
              <Tooltip title={t.label(chart.tips)}>
                <QuestionCircleOutlined className={styles.tips} aria-label="tips" />
              </Tooltip>
            )}
          </h3>
          <div className={styles.switches}>
            {intervals.length > 1 && (
              <Segmented
                size="small"
                value={interval}
                options={intervals.map((value) => ({
                  value,
                  label: t.label(INTERVAL_LABELS[value]),
                }))}
                onChange={(value) => onViewOptions({ interval: value })}
              />
            )}
            {valueTypes.length > 1 && (
              <Select
                size="small"
                value={valueType}
                popupMatchSelectWidth={false}
                options={valueTypes.map((value) => ({
                  value,
                  label: t.label(VALUE_TYPE_LABELS[value]),
                }))}
                onChange={(value) => onViewOptions({ value_type: value })}
                data-testid={`widget-value-type-${chart.i}`}
              />
            )}
          </div>
        </header>
      )}
      <div className={styles.body} data-loading={loading ? 'true' : 'false'}>
        {error ? (
          <div className={styles.error} role="alert">
            {error}
          </div>
        ) : empty ? (
          <Empty
            className={styles.empty}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('无')}
            data-testid={`widget-empty-${chart.i}`}
          />
        ) : data === undefined && hasData ? null : (
          <Suspense fallback={<ViewLoading />}>
            <definition.View
              chart={chart}
              data={data}
              colors={colors}
              valueType={valueType}
              interval={interval}
              timeZone={timeZone}
              query={query}
              onDrill={onDrill}
              onRange={onRange}
              onKeyword={onKeyword}
            />
          </Suspense>
        )}
        {loading && (
          <div className={styles.loading}>
            <Spin />
          </div>
        )}
      </div>
    </section>
  );
}

/** While a widget type's code is still arriving: a spinner, and loading for whoever waits on it. */
function ViewLoading() {
  return (
    <div className={styles.loading} data-loading="true">
      <Spin />
    </div>
  );
}
