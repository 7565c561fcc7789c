import {
  AGGREGATION_INFO,
  COMPARE_RANGES,
  COMPARE_RANGE_LABELS,
  STATISTIC_METRICS,
  VALUE_TYPE_LABELS,
  WIDGET_LABELS,
  WIDGET_TYPES,
  type Chart,
  type ChartOptions,
  type InnerRequest,
  widgetSpec,
} from '@yuqing/core';
import { Alert, Empty, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { zh } from '../../i18n/translateText';
import { useT, type Translate } from '../../i18n/useT';
import { ColumnTitlesEditor } from './ColumnTitlesEditor';
import { DefaultQueryEditor } from './DefaultQueryEditor';
import { changeType, requestFor } from './editorLogic';
import { useEditorStore, useSelectedChart } from './editorStore';
import { fieldOptions, intervalOptions, sortOptions, valueTypeOptions } from './fieldOptions';
import { FilterChipsEditor } from './FilterChipsEditor';
import { CHART_FIELD_LABELS, validateChart, type FieldPath } from './validation';
import styles from './VisualEditor.module.css';

const METRIC_LABELS: Record<string, string> = {
  ...VALUE_TYPE_LABELS,
  positive_rate: zh('正面率'),
  negative_rate: zh('负面率'),
};

type OptionKey = keyof ChartOptions;

/** Each option's label and input; an input that depends on the widget is made from it. */
const optionItems = (
  t: Translate,
): Record<
  OptionKey,
  { label: string; input: ReactNode | ((chart: Chart) => ReactNode); switch?: boolean }
> => ({
  valueTypes: {
    label: t('数值切换'),
    input: <Select mode="multiple" options={valueTypeOptions(t)} placeholder={t('第一个为默认')} />,
  },
  intervals: {
    label: t('粒度切换'),
    input: <Select mode="multiple" options={intervalOptions(t)} placeholder={t('第一个为默认')} />,
  },
  format: {
    label: t('数字格式'),
    input: (
      <Select
        allowClear
        options={[
          { value: 'number', label: t('千分位') },
          { value: 'abbr', label: t('缩写 (k/m)') },
          { value: 'percent', label: t('占比') },
        ]}
      />
    ),
  },
  horizontal: { label: t('横向'), input: <Switch />, switch: true },
  showLegend: { label: t('显示图例'), input: <Switch />, switch: true },
  metrics: {
    label: t('指标'),
    input: (
      <Select
        mode="multiple"
        options={STATISTIC_METRICS.map((value) => ({
          value,
          label: t.label(METRIC_LABELS[value] ?? value),
        }))}
      />
    ),
  },
  compare: {
    label: t('对比区间'),
    input: (
      <Select
        allowClear
        placeholder={t('上一个等长周期')}
        options={COMPARE_RANGES.map((value) => ({
          value,
          label: t.label(COMPARE_RANGE_LABELS[value]),
        }))}
      />
    ),
  },
  paths: {
    label: t('对比路径'),
    input: <Select mode="tags" placeholder={t('如 /品牌/星河汽车，回车添加')} />,
  },
  url: { label: t('链接地址'), input: <Input placeholder={t('https://… 或 /站内地址')} /> },
  heading: { label: t('标题文字'), input: <Input /> },
  content: { label: t('正文'), input: <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} /> },
  image: { label: t('图片地址'), input: <Input placeholder="https://…" /> },
  columns: { label: t('列标题'), input: (chart) => <ColumnTitlesEditor chart={chart} /> },
  pageSize: { label: t('每页条数'), input: <InputNumber min={1} max={100} /> },
  tabField: {
    label: t('分类字段'),
    input: <Select allowClear options={fieldOptions(t)} placeholder={t('默认情感倾向')} />,
  },
  tabValues: {
    label: t('分类值'),
    input: <Select mode="tags" placeholder={t('默认取前几个值')} />,
  },
  viewType: {
    label: t('展示方式'),
    input: (
      <Select
        allowClear
        options={[
          { value: 'normal', label: t('卡片') },
          { value: 'compact', label: t('紧凑') },
        ]}
      />
    ),
  },
  verify: { label: t('显示标注'), input: <Switch />, switch: true },
});

const requestItems = (
  t: Translate,
): Record<keyof InnerRequest, { label: string; input: ReactNode }> => ({
  field: {
    label: t('统计字段'),
    input: (
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={fieldOptions(t)} />
    ),
  },
  series: {
    label: t('系列字段'),
    input: (
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={fieldOptions(t)} />
    ),
  },
  rows: {
    label: t('行字段'),
    input: (
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={fieldOptions(t)} />
    ),
  },
  cols: {
    label: t('列字段'),
    input: (
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={fieldOptions(t)} />
    ),
  },
  value_type: { label: t('数值类型'), input: <Select allowClear options={valueTypeOptions(t)} /> },
  interval: { label: t('时间粒度'), input: <Select allowClear options={intervalOptions(t)} /> },
  sort: { label: t('排序'), input: <Select allowClear options={sortOptions(t)} /> },
  size: { label: t('数量'), input: <InputNumber min={1} max={100} /> },
  level: { label: t('层级'), input: <InputNumber min={0} max={5} /> },
  topic_paths_size: { label: t('话题数量'), input: <InputNumber min={1} max={1000} /> },
});

function optionInput(
  items: ReturnType<typeof optionItems>,
  key: OptionKey,
  chart: Chart,
): ReactNode {
  const { input } = items[key];
  return typeof input === 'function' ? input(chart) : input;
}

const typeOptions = (t: Translate) =>
  WIDGET_TYPES.map((value) => ({ value, label: t.label(WIDGET_LABELS[value]) }));

/** Drops unset keys and empty lists, which mean "not configured". */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, item]) =>
        item !== undefined && item !== null && !(Array.isArray(item) && item.length === 0),
    ),
  ) as T;
}

type FormValues = Partial<
  Pick<Chart, 'title' | 'tips' | 'titleHasIcon' | 'aggs' | 'theme' | 'filter' | 'defaultQuery'>
> & {
  options?: ChartOptions;
  innerRequest?: InnerRequest;
  style?: Chart['style'];
};

/** The chart after the form's values: only configured options, complete chips. */
export function chartFromForm(chart: Chart, values: FormValues): Chart {
  const options = compact({ ...chart.options, ...values.options });
  if (options.url === '') delete options.url;
  return {
    ...chart,
    title: values.title ?? chart.title,
    tips: values.tips || undefined,
    titleHasIcon: values.titleHasIcon ?? chart.titleHasIcon,
    aggs: values.aggs ?? chart.aggs,
    theme: values.theme?.length ? values.theme : undefined,
    style: compact({ ...chart.style, ...values.style }),
    options,
    innerRequest: requestFor(values.aggs ?? chart.aggs, compact({ ...values.innerRequest })),
    filter: (values.filter ?? chart.filter).filter((chip) => chip.field && chip.value.length > 0),
    defaultQuery: values.defaultQuery ?? chart.defaultQuery,
  };
}

/** The side panel's form for the selected widget: everything of the Chart entity. */
export function WidgetPanel() {
  const t = useT();
  const chart = useSelectedChart();
  if (!chart)
    return (
      <div className={styles.panelBody}>
        <Empty description={t('在画布上选择一个组件进行编辑')} />
      </div>
    );
  // A new type or data source changes which fields exist: the form starts again from the chart.
  return <WidgetForm key={`${chart.i}:${chart.type}:${chart.aggs ?? ''}`} chart={chart} />;
}

function WidgetForm({ chart }: { chart: Chart }) {
  const t = useT();
  const OPTION_ITEMS = optionItems(t);
  const REQUEST_ITEMS = requestItems(t);
  const [form] = Form.useForm<FormValues>();
  const updateChart = useEditorStore((state) => state.updateChart);
  const shownErrors = useRef<FieldPath[]>([]);
  const { sources, optionKeys, switches } = widgetSpec(chart.type);
  const requestKeys = chart.aggs ? AGGREGATION_INFO[chart.aggs].options : [];

  const showErrors = (next: Chart) => {
    const errors = validateChart(next, t);
    const fields = [
      ...shownErrors.current.map((name) => ({ name, errors: [] as string[] })),
      ...errors,
    ];
    form.setFields(fields as Parameters<typeof form.setFields>[0]);
    shownErrors.current = errors.map((error) => error.name);
  };

  // Show what is wrong as soon as the widget is opened (e.g. an iframe without its address).
  useEffect(() => {
    showErrors(chart);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onValuesChange = (changed: FormValues, values: FormValues) => {
    const current = useEditorStore
      .getState()
      .dashboard.pages[useEditorStore.getState().pageKey ?? '']?.charts.find(
        (candidate) => candidate.i === chart.i,
      );
    if (!current) return;
    const next = chartFromForm(current, values);
    if (changed.aggs && changed.aggs !== current.aggs)
      next.innerRequest = requestFor(changed.aggs, current.innerRequest);
    updateChart(chart.i, () => next);
    showErrors(next);
  };

  return (
    <div className={styles.panelBody} data-testid="manage-panel">
      <Form
        form={form}
        layout="vertical"
        size="small"
        initialValues={chart}
        onValuesChange={onValuesChange}
        requiredMark
      >
        <div className={styles.section}>{t('基本')}</div>
        <Form.Item label={t(CHART_FIELD_LABELS.type)} required>
          <Select
            value={chart.type}
            options={typeOptions(t)}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="manage-panel-type"
            onChange={(type: Chart['type']) =>
              updateChart(chart.i, (current) => changeType(current, type))
            }
          />
        </Form.Item>
        <Form.Item name="title" label={t(CHART_FIELD_LABELS.title)}>
          <Input data-testid="manage-panel-title" maxLength={100} allowClear />
        </Form.Item>
        <Form.Item name="tips" label={t(CHART_FIELD_LABELS.tips)}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <Form.Item name="titleHasIcon" label={t('标题图标')} valuePropName="checked">
          <Switch />
        </Form.Item>

        {sources.length > 0 && (
          <>
            <div className={styles.section}>{t('数据')}</div>
            <Form.Item name="aggs" label={t(CHART_FIELD_LABELS.aggs)} required>
              <Select
                data-testid="manage-panel-aggs"
                options={sources.map((value) => ({
                  value,
                  label: t.label(AGGREGATION_INFO[value].label),
                }))}
              />
            </Form.Item>
            {requestKeys.map((key) => (
              <Form.Item key={key} name={['innerRequest', key]} label={REQUEST_ITEMS[key].label}>
                {REQUEST_ITEMS[key].input}
              </Form.Item>
            ))}
          </>
        )}

        {optionKeys.length > 0 && <div className={styles.section}>{t('展示')}</div>}
        {optionKeys
          .filter(
            (key) =>
              (key !== 'valueTypes' || switches.valueType) &&
              (key !== 'intervals' || switches.interval),
          )
          .map((key) => (
            <Form.Item
              key={key}
              name={['options', key]}
              label={OPTION_ITEMS[key].label}
              required={chart.type === 'm-iframe' && key === 'url'}
              valuePropName={OPTION_ITEMS[key].switch ? 'checked' : 'value'}
            >
              {optionInput(OPTION_ITEMS, key, chart)}
            </Form.Item>
          ))}
        <Form.Item name={['style', 'height']} label={t('固定高度 (px)')}>
          <InputNumber min={50} max={5000} placeholder={t('随网格')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="theme" label={t(CHART_FIELD_LABELS.theme)}>
          <Select
            mode="tags"
            placeholder={t('#41B748，回车添加；为空时用站点颜色')}
            tagRender={({ value, closable, onClose }) => (
              <span className="ant-select-selection-item" style={{ paddingInlineEnd: 4 }}>
                <span className={styles.swatch} style={{ background: String(value) }} /> {value}
                {closable && (
                  <span style={{ marginLeft: 4, cursor: 'pointer' }} onClick={onClose}>
                    ×
                  </span>
                )}
              </span>
            )}
          />
        </Form.Item>

        <div className={styles.section}>{t('筛选')}</div>
        <Form.Item name="filter" label={t('固定筛选条件')} tooltip={t('总是加在页面查询之上')}>
          <FilterChipsEditor />
        </Form.Item>
        <Form.Item
          name="defaultQuery"
          label={t('默认查询')}
          tooltip={t('此组件自己的时间范围或字段值')}
        >
          <DefaultQueryEditor testId="manage-panel-default-query" />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          title={t('位置 x {x}, y {y}，宽 {w}/24，高 {h}：在画布上拖动和拉伸调整', {
            x: chart.x,
            y: chart.y,
            w: chart.w,
            h: chart.h,
          })}
        />
      </Form>
    </div>
  );
}
