import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  DOWNLOAD_KINDS,
  OPTION_DEFINITION_TYPES,
  QUICK_RANGES,
  QUICK_RANGE_LABELS,
  type FilterItem,
  type OptionDefinition,
  type SelectSettings,
} from '@yuqing/core';
import { Button, Dropdown, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { zh, type ZhText } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { DataItemSelect } from './DataItemSelect';
import { datePresetOptions, fieldOptions } from './fieldOptions';
import styles from './VisualEditor.module.css';

export const FILTER_TYPE_LABELS: Record<FilterItem['type'], ZhText> = {
  date_range: zh('时间范围'),
  select: zh('下拉选择'),
  search: zh('关键词搜索'),
  denoise: zh('去噪开关'),
  popover: zh('筛选弹窗'),
  quick_range: zh('快捷时间'),
  download: zh('下载按钮'),
  report: zh('报告按钮'),
};

const DOWNLOAD_LABELS: Record<(typeof DOWNLOAD_KINDS)[number], string> = {
  download_ppt: 'PPT',
  download_excel: 'Excel',
  download_word: 'Word',
  download_pdf: 'PDF',
};

const DEFINITION_TYPE_LABELS: Record<(typeof OPTION_DEFINITION_TYPES)[number], ZhText> = {
  tree_select: zh('树选择'),
  multi_select: zh('多选'),
  radio: zh('单选'),
  date_range: zh('时间范围'),
};

/** A shared word the tables keep in lower case (it also ends messages), as a label. */
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A new query bar item of a type, with that type's defaults. */
export function newFilterItem(type: FilterItem['type']): FilterItem {
  switch (type) {
    case 'date_range':
      return { type, default: 'last_7_days', options: { picker: 'date' } };
    case 'select':
      return { type, field: 'media_platform', options: { multiple: false } };
    case 'search':
      return { type, options: {} };
    case 'popover':
      return {
        type,
        label: zh('筛选'),
        options: [
          { field: 'media_platform', type: 'multi_select', options: { multiple: true }, style: {} },
        ],
      };
    case 'quick_range':
      return { type, options: { ranges: [...QUICK_RANGES] } };
    case 'download':
      return { type, data_type: 'download_excel' };
    default:
      return { type };
  }
}

interface Props {
  value: FilterItem[];
  onChange(value: FilterItem[]): void;
}

function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <span style={{ width: 72, flex: '0 0 72px', color: 'rgba(0,0,0,.55)' }}>{label}</span>
      <div className={styles.rowGrow}>{children}</div>
    </div>
  );
}

/** Option lists typed as `值,标签` lines. */
function dataToText(data: SelectSettings['data']): string {
  return (data ?? [])
    .map(({ value, label }) => (label === value ? value : `${value},${label}`))
    .join('\n');
}
function textToData(text: string): SelectSettings['data'] {
  const rows = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value = '', ...label] = line.split(',');
      return { value: value.trim(), label: label.join(',').trim() || value.trim() };
    });
  return rows.length > 0 ? rows : undefined;
}

function SelectSettingsEditor({
  value,
  onChange,
}: {
  value: SelectSettings;
  onChange(value: SelectSettings): void;
}) {
  const t = useT();
  return (
    <>
      <Labeled label={t('多选')}>
        <Switch
          size="small"
          checked={value.multiple}
          onChange={(multiple) => onChange({ ...value, multiple })}
        />
      </Labeled>
      {value.multiple && (
        <Labeled label={t('最多')}>
          <InputNumber
            size="small"
            min={1}
            max={100}
            value={value.max}
            placeholder={t('不限')}
            onChange={(max) => onChange({ ...value, max: max ?? undefined })}
          />
        </Labeled>
      )}
      <Labeled label={t('占位文字')}>
        <Input
          size="small"
          value={value.placeholder}
          onChange={(event) => onChange({ ...value, placeholder: event.target.value || undefined })}
        />
      </Labeled>
      <Labeled label={t('数据项')}>
        <DataItemSelect
          size="small"
          value={value.api}
          placeholder={t('项目数据名称（数据配置）')}
          onChange={(api) => onChange({ ...value, api })}
        />
      </Labeled>
      <Labeled label={upperFirst(t('选项'))}>
        <Input.TextArea
          size="small"
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={t('每行一个：值,标签\n为空时取字段的取值')}
          defaultValue={dataToText(value.data)}
          onBlur={(event) => onChange({ ...value, data: textToData(event.target.value) })}
        />
      </Labeled>
    </>
  );
}

function DefinitionEditor({
  value,
  onChange,
  onRemove,
}: {
  value: OptionDefinition;
  onChange(value: OptionDefinition): void;
  onRemove(): void;
}) {
  const t = useT();
  return (
    <div className={styles.card}>
      <div className={styles.rows}>
        <div className={styles.row}>
          <Select
            size="small"
            style={{ width: 110 }}
            value={value.field}
            options={fieldOptions(t)}
            onChange={(field) => onChange({ ...value, field })}
          />
          <Select
            size="small"
            style={{ width: 96 }}
            value={value.type}
            options={OPTION_DEFINITION_TYPES.map((type) => ({
              value: type,
              label: t(DEFINITION_TYPE_LABELS[type]),
            }))}
            onChange={(type) => onChange({ ...value, type })}
          />
          <Input
            size="small"
            className={styles.rowGrow}
            placeholder={t('名称')}
            value={value.label}
            onChange={(event) => onChange({ ...value, label: event.target.value || undefined })}
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('删除')}
          />
        </div>
        <Labeled label={t('默认值')}>
          <Select
            size="small"
            mode="tags"
            style={{ width: '100%' }}
            value={value.default ?? []}
            onChange={(values: string[]) =>
              onChange({ ...value, default: values.length ? values : undefined })
            }
          />
        </Labeled>
        <SelectSettingsEditor
          value={value.options}
          onChange={(options) => onChange({ ...value, options })}
        />
      </div>
    </div>
  );
}

function ItemOptions({ item, onChange }: { item: FilterItem; onChange(item: FilterItem): void }) {
  const t = useT();
  switch (item.type) {
    case 'date_range':
      return (
        <>
          <Labeled label={t('默认')}>
            <Select
              size="small"
              allowClear
              style={{ width: '100%' }}
              value={item.default}
              options={datePresetOptions(t)}
              placeholder={t('今天')}
              onChange={(preset) => onChange({ ...item, default: preset ?? undefined })}
            />
          </Labeled>
          <Labeled label={t('预设')}>
            <Select
              size="small"
              mode="multiple"
              style={{ width: '100%' }}
              value={item.options.presets ?? []}
              options={datePresetOptions(t)}
              placeholder={t('全部')}
              onChange={(presets) =>
                onChange({
                  ...item,
                  options: { ...item.options, presets: presets.length ? presets : undefined },
                })
              }
            />
          </Labeled>
          <Labeled label={t('精度')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              value={item.options.picker}
              options={[
                { value: 'date', label: upperFirst(t('日期')) },
                { value: 'datetime', label: t('日期时间') },
                { value: 'month', label: t('月') },
                { value: 'year', label: t('年') },
              ]}
              onChange={(picker) => onChange({ ...item, options: { ...item.options, picker } })}
            />
          </Labeled>
        </>
      );
    case 'select':
      return (
        <>
          <Labeled label={t('字段')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              value={item.field}
              options={fieldOptions(t)}
              onChange={(field) => onChange({ ...item, field })}
            />
          </Labeled>
          <Labeled label={t('默认值')}>
            <Select
              size="small"
              mode="tags"
              style={{ width: '100%' }}
              value={item.default ?? []}
              onChange={(values: string[]) =>
                onChange({ ...item, default: values.length ? values : undefined })
              }
            />
          </Labeled>
          <SelectSettingsEditor
            value={item.options}
            onChange={(options) => onChange({ ...item, options })}
          />
        </>
      );
    case 'search':
      return (
        <Labeled label={t('占位文字')}>
          <Input
            size="small"
            value={item.options.placeholder}
            onChange={(event) =>
              onChange({ ...item, options: { placeholder: event.target.value || undefined } })
            }
          />
        </Labeled>
      );
    case 'popover':
      return (
        <div className={styles.rows}>
          {item.options.map((definition, index) => (
            <DefinitionEditor
              key={index}
              value={definition}
              onChange={(next) =>
                onChange({ ...item, options: item.options.map((d, i) => (i === index ? next : d)) })
              }
              onRemove={() =>
                onChange({ ...item, options: item.options.filter((_, i) => i !== index) })
              }
            />
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={item.options.length >= 10}
            onClick={() =>
              onChange({
                ...item,
                options: [
                  ...item.options,
                  { field: 'tendency', type: 'radio', options: { multiple: false }, style: {} },
                ],
              })
            }
          >
            {t('添加筛选控件')}
          </Button>
        </div>
      );
    case 'quick_range':
      return (
        <Labeled label={t('区间')}>
          <Select
            size="small"
            mode="multiple"
            style={{ width: '100%' }}
            value={item.options.ranges}
            options={QUICK_RANGES.map((value) => ({
              value,
              label: t.label(QUICK_RANGE_LABELS[value]),
            }))}
            onChange={(ranges) => onChange({ ...item, options: { ranges } })}
          />
        </Labeled>
      );
    case 'download':
      return (
        <Labeled label={t('格式')}>
          <Select
            size="small"
            style={{ width: '100%' }}
            value={item.data_type}
            options={DOWNLOAD_KINDS.map((value) => ({ value, label: DOWNLOAD_LABELS[value] }))}
            onChange={(data_type) => onChange({ ...item, data_type })}
          />
        </Labeled>
      );
    default:
      return null;
  }
}

/** The page's query bar items: add, remove, reorder, and each type's options. */
export function FilterItemsEditor({ value, onChange }: Props) {
  const t = useT();
  const change = (index: number, item: FilterItem) =>
    onChange(value.map((other, i) => (i === index ? item : other)));
  const move = (index: number, offset: number) => {
    const target = index + offset;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(target, 0, item!);
    onChange(next);
  };
  return (
    <div className={styles.rows} data-testid="manage-filter-items">
      {value.map((item, index) => (
        <div key={index} className={styles.card}>
          <div className={styles.cardHead}>
            <span>{t(FILTER_TYPE_LABELS[item.type])}</span>
            <Input
              size="small"
              className={styles.rowGrow}
              placeholder={t('显示名称')}
              value={item.label}
              onChange={(event) =>
                change(index, { ...item, label: event.target.value || undefined })
              }
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('上移')}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('下移')}
              disabled={index === value.length - 1}
              onClick={() => move(index, 1)}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('删除')}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            />
          </div>
          <div className={styles.rows}>
            <ItemOptions item={item} onChange={(next) => change(index, next)} />
          </div>
        </div>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: (Object.keys(FILTER_TYPE_LABELS) as FilterItem['type'][]).map((type) => ({
            key: type,
            label: t(FILTER_TYPE_LABELS[type]),
          })),
          onClick: ({ key }) => onChange([...value, newFilterItem(key as FilterItem['type'])]),
        }}
      >
        <Button size="small" icon={<PlusOutlined />} disabled={value.length >= 30}>
          {t('添加查询栏项')}
        </Button>
      </Dropdown>
    </div>
  );
}
