import { FilterOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  FIELD_CODE_HELP,
  FIELD_LABELS,
  type FilterItem,
  type OptionDefinition,
  type OptionItem,
} from '@yuqing/core';
import { Badge, Button, Checkbox, Popover, Radio, Spin, Tooltip, TreeSelect, message } from 'antd';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import { DateRangeFilter } from './DateRangeFilter';
import {
  activeCount,
  clearedDraft,
  draftChanged,
  draftFields,
  draftOf,
  type PopoverDraft,
} from './popoverDraft';
import { labelsOf } from './options';
import { limitValues, maxSelectionMessage } from './selection';
import { TopValues } from './TopValues';
import { translatedOptions, treeData } from './SelectFilter';
import { useFieldOptions } from './useFieldOptions';
import styles from './QueryBar.module.css';

type PopoverItem = Extract<FilterItem, { type: 'popover' }>;

/**
 * The filter popover (spec 4): its lists are a draft applied when the popover closes, if they
 * changed, or by 查询; 重置 empties every list and applies at once.
 */
export function FilterPopover({ item, timeZone }: { item: PopoverItem; timeZone: string }) {
  const t = useT();
  const definitions = item.options;
  const query = useQueryStore((state) => state.query);
  const setFields = useQueryStore((state) => state.setFields);
  const [draft, setDraftState] = useState<PopoverDraft | null>(null);
  const draftRef = useRef<PopoverDraft | null>(null);
  const setDraft = (next: PopoverDraft | null) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const apply = (next: PopoverDraft) => {
    const current = useQueryStore.getState().query;
    if (draftChanged(definitions, next, current)) setFields(draftFields(definitions, next));
  };
  const onOpenChange = (open: boolean) => {
    if (open) {
      setDraft(draftOf(definitions, useQueryStore.getState().query));
      return;
    }
    const pending = draftRef.current;
    setDraft(null);
    if (pending) apply(pending);
  };
  const shown = draft ?? draftOf(definitions, query);
  const count = activeCount(definitions, query);

  const content = (
    <div className={styles.popover} data-testid="filter-popover">
      {definitions.map((definition) => (
        <PopoverField
          key={definition.field}
          definition={definition}
          timeZone={timeZone}
          value={shown[definition.field] ?? []}
          onChange={(values) => setDraft({ ...shown, [definition.field]: values })}
        />
      ))}
      <div className={styles.popoverActions}>
        <Button
          data-testid="filter-popover-reset"
          onClick={() => {
            const cleared = clearedDraft(definitions);
            setDraft(draft ? cleared : null);
            apply(cleared);
          }}
        >
          {t('重置')}
        </Button>
        <Button
          type="primary"
          data-testid="filter-popover-apply"
          onClick={() => {
            const pending = draftRef.current;
            setDraft(null);
            if (pending) apply(pending);
          }}
        >
          {t('查询')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={draft !== null}
      onOpenChange={onOpenChange}
      content={content}
      destroyOnHidden
    >
      <Badge count={count} size="small">
        <Button data-testid="filter-popover-trigger" icon={<FilterOutlined />}>
          {item.label ? t.label(item.label) : t('筛选')}
        </Button>
      </Badge>
    </Popover>
  );
}

interface PopoverFieldProps {
  definition: OptionDefinition;
  timeZone: string;
  value: string[];
  onChange(values: string[]): void;
}

/** One list of the popover: checkboxes, a tree select or radios over the field's options. */
function PopoverField({ definition, timeZone, value, onChange }: PopoverFieldProps) {
  const t = useT();
  const { field, type, options: settings } = definition;
  const { options: source, loading } = useFieldOptions(field, settings);
  const options = translatedOptions(source, t.label);
  const label = t.label(definition.label ?? FIELD_LABELS[field]);
  const help = FIELD_CODE_HELP[field];
  const limited = (values: string[]) => {
    const { values: kept, truncated } = limitValues(values, settings.max);
    if (truncated && settings.max !== undefined)
      void message.info(maxSelectionMessage(settings.max, t));
    onChange(kept);
  };

  if (type === 'date_range') {
    return (
      <div className={styles.popoverRow}>
        <span className={styles.popoverLabel}>{label}</span>
        <DateRangeFilter
          item={{ type: 'date_range', options: { picker: 'date' } }}
          timeZone={timeZone}
        />
      </div>
    );
  }
  let control: React.ReactNode;
  if (loading) control = <Spin size="small" />;
  else if (type === 'tree_select')
    control = (
      <TreeSelect<string[]>
        className={styles.popoverTree}
        aria-label={label}
        treeData={treeData(options)}
        multiple
        value={value}
        onChange={(values) => limited(values ?? [])}
        placeholder={settings.placeholder ? t.label(settings.placeholder) : t('请选择')}
        maxTagCount={2}
        listHeight={400}
        allowClear
      />
    );
  else if (type === 'radio')
    control = (
      <Radio.Group
        aria-label={label}
        value={value[0] ?? ''}
        onChange={(event) => onChange(event.target.value ? [event.target.value as string] : [])}
        options={[{ value: '', label: t('全部') }, ...flat(options)]}
      />
    );
  else
    control = (
      <Checkbox.Group
        aria-label={label}
        value={value}
        onChange={(values) => limited(values)}
        options={flat(options)}
      />
    );
  return (
    <div className={styles.popoverRow} data-testid={`popover-field-${field}`}>
      <span className={styles.popoverLabel}>
        {label}
        {help && (
          <Tooltip title={t.label(help)}>
            <QuestionCircleOutlined
              className={styles.help}
              aria-label={t('{label}说明', { label })}
            />
          </Tooltip>
        )}
      </span>
      <div className={styles.popoverControl}>
        {control}
        {!loading && <TopValues field={field} labels={labelsOf(options)} />}
      </div>
    </div>
  );
}

const flat = (options: readonly OptionItem[]) =>
  options.map(({ value, label }) => ({ value, label }));
