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
import { ColumnTitlesEditor } from './ColumnTitlesEditor';
import { DefaultQueryEditor } from './DefaultQueryEditor';
import { changeType, requestFor } from './editorLogic';
import { useEditorStore, useSelectedChart } from './editorStore';
import { FIELD_OPTIONS, INTERVAL_OPTIONS, SORT_OPTIONS, VALUE_TYPE_OPTIONS } from './fieldOptions';
import { FilterChipsEditor } from './FilterChipsEditor';
import { CHART_FIELD_LABELS, validateChart, type FieldPath } from './validation';
import styles from './VisualEditor.module.css';

const METRIC_LABELS: Record<string, string> = {
  ...VALUE_TYPE_LABELS,
  positive_rate: '正面率',
  negative_rate: '负面率',
};

type OptionKey = keyof ChartOptions;

/** Each option's label and input; an input that depends on the widget is made from it. */
const OPTION_ITEMS: Record<
  OptionKey,
  { label: string; input: ReactNode | ((chart: Chart) => ReactNode); switch?: boolean }
> = {
  valueTypes: {
    label: '数值切换',
    input: <Select mode="multiple" options={VALUE_TYPE_OPTIONS} placeholder="第一个为默认" />,
  },
  intervals: {
    label: '粒度切换',
    input: <Select mode="multiple" options={INTERVAL_OPTIONS} placeholder="第一个为默认" />,
  },
  format: {
    label: '数字格式',
    input: (
      <Select
        allowClear
        options={[
          { value: 'number', label: '千分位' },
          { value: 'abbr', label: '缩写 (k/m)' },
          { value: 'percent', label: '占比' },
        ]}
      />
    ),
  },
  horizontal: { label: '横向', input: <Switch />, switch: true },
  showLegend: { label: '显示图例', input: <Switch />, switch: true },
  metrics: {
    label: '指标',
    input: (
      <Select
        mode="multiple"
        options={STATISTIC_METRICS.map((value) => ({
          value,
          label: METRIC_LABELS[value] ?? value,
        }))}
      />
    ),
  },
  compare: {
    label: '对比区间',
    input: (
      <Select
        allowClear
        placeholder="上一个等长周期"
        options={COMPARE_RANGES.map((value) => ({ value, label: COMPARE_RANGE_LABELS[value] }))}
      />
    ),
  },
  paths: {
    label: '对比路径',
    input: <Select mode="tags" placeholder="如 /品牌/星河汽车，回车添加" />,
  },
  url: { label: '链接地址', input: <Input placeholder="https://… 或 /站内地址" /> },
  heading: { label: '标题文字', input: <Input /> },
  content: { label: '正文', input: <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} /> },
  image: { label: '图片地址', input: <Input placeholder="https://…" /> },
  columns: { label: '列标题', input: (chart) => <ColumnTitlesEditor chart={chart} /> },
  pageSize: { label: '每页条数', input: <InputNumber min={1} max={100} /> },
  tabField: {
    label: '分类字段',
    input: <Select allowClear options={FIELD_OPTIONS} placeholder="默认情感倾向" />,
  },
  tabValues: { label: '分类值', input: <Select mode="tags" placeholder="默认取前几个值" /> },
  viewType: {
    label: '展示方式',
    input: (
      <Select
        allowClear
        options={[
          { value: 'normal', label: '卡片' },
          { value: 'compact', label: '紧凑' },
        ]}
      />
    ),
  },
  verify: { label: '显示标注', input: <Switch />, switch: true },
};

const REQUEST_ITEMS: Record<keyof InnerRequest, { label: string; input: ReactNode }> = {
  field: {
    label: '统计字段',
    input: <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={FIELD_OPTIONS} />,
  },
  series: {
    label: '系列字段',
    input: <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={FIELD_OPTIONS} />,
  },
  rows: {
    label: '行字段',
    input: <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={FIELD_OPTIONS} />,
  },
  cols: {
    label: '列字段',
    input: <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={FIELD_OPTIONS} />,
  },
  value_type: { label: '数值类型', input: <Select allowClear options={VALUE_TYPE_OPTIONS} /> },
  interval: { label: '时间粒度', input: <Select allowClear options={INTERVAL_OPTIONS} /> },
  sort: { label: '排序', input: <Select allowClear options={SORT_OPTIONS} /> },
  size: { label: '数量', input: <InputNumber min={1} max={100} /> },
  level: { label: '层级', input: <InputNumber min={0} max={5} /> },
  topic_paths_size: { label: '话题数量', input: <InputNumber min={1} max={1000} /> },
};

function optionInput(key: OptionKey, chart: Chart): ReactNode {
  const { input } = OPTION_ITEMS[key];
  return typeof input === 'function' ? input(chart) : input;
}

const TYPE_OPTIONS_LIST = WIDGET_TYPES.map((value) => ({ value, label: WIDGET_LABELS[value] }));

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
  const chart = useSelectedChart();
  if (!chart)
    return (
      <div className={styles.panelBody}>
        <Empty description="在画布上选择一个组件进行编辑" />
      </div>
    );
  // A new type or data source changes which fields exist: the form starts again from the chart.
  return <WidgetForm key={`${chart.i}:${chart.type}:${chart.aggs ?? ''}`} chart={chart} />;
}

function WidgetForm({ chart }: { chart: Chart }) {
  const [form] = Form.useForm<FormValues>();
  const updateChart = useEditorStore((state) => state.updateChart);
  const shownErrors = useRef<FieldPath[]>([]);
  const { sources, optionKeys, switches } = widgetSpec(chart.type);
  const requestKeys = chart.aggs ? AGGREGATION_INFO[chart.aggs].options : [];

  const showErrors = (next: Chart) => {
    const errors = validateChart(next);
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
        <div className={styles.section}>基本</div>
        <Form.Item label={CHART_FIELD_LABELS.type} required>
          <Select
            value={chart.type}
            options={TYPE_OPTIONS_LIST}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="manage-panel-type"
            onChange={(type: Chart['type']) =>
              updateChart(chart.i, (current) => changeType(current, type))
            }
          />
        </Form.Item>
        <Form.Item name="title" label={CHART_FIELD_LABELS.title}>
          <Input data-testid="manage-panel-title" maxLength={100} allowClear />
        </Form.Item>
        <Form.Item name="tips" label={CHART_FIELD_LABELS.tips}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <Form.Item name="titleHasIcon" label="标题图标" valuePropName="checked">
          <Switch />
        </Form.Item>

        {sources.length > 0 && (
          <>
            <div className={styles.section}>数据</div>
            <Form.Item name="aggs" label={CHART_FIELD_LABELS.aggs} required>
              <Select
                data-testid="manage-panel-aggs"
                options={sources.map((value) => ({
                  value,
                  label: AGGREGATION_INFO[value].label,
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

        {optionKeys.length > 0 && <div className={styles.section}>展示</div>}
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
              {optionInput(key, chart)}
            </Form.Item>
          ))}
        <Form.Item name={['style', 'height']} label="固定高度 (px)">
          <InputNumber min={50} max={5000} placeholder="随网格" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="theme" label={CHART_FIELD_LABELS.theme}>
          <Select
            mode="tags"
            placeholder="#41B748，回车添加；为空时用站点颜色"
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

        <div className={styles.section}>筛选</div>
        <Form.Item name="filter" label="固定筛选条件" tooltip="总是加在页面查询之上">
          <FilterChipsEditor />
        </Form.Item>
        <Form.Item name="defaultQuery" label="默认查询" tooltip="此组件自己的时间范围或字段值">
          <DefaultQueryEditor testId="manage-panel-default-query" />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          title={`位置 x ${chart.x}, y ${chart.y}，宽 ${chart.w}/24，高 ${chart.h}：在画布上拖动和拉伸调整`}
        />
      </Form>
    </div>
  );
}
