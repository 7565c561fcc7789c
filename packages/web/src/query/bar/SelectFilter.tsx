import { FIELD_LABELS, type FilterItem, type OptionItem } from '@yuqing/core';
import { Select, Tag, TreeSelect, message } from 'antd';
import type { ReactElement } from 'react';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import { maxSelectionMessage } from './selection';
import { useDeferredSelection } from './useDeferredSelection';
import { useFieldOptions } from './useFieldOptions';
import styles from './QueryBar.module.css';

type SelectItem = Extract<FilterItem, { type: 'select' }>;

interface TagProps {
  label: React.ReactNode;
  closable: boolean;
  onClose(): void;
}

/** The spec's tree select: up to 2 tags shown, a 400px list, at least 100px wide (spec 9). */
const TREE_LIST_HEIGHT = 400;
const MAX_TAGS = 2;

/**
 * A left item of the query bar (spec 2): a dropdown, or a multi-select when `options.multiple`,
 * over the item's field. Picks apply when the dropdown closes (spec 4).
 */
export function SelectFilter({ item }: { item: SelectItem }) {
  const t = useT();
  const { field, options: settings } = item;
  const { options: source, loading } = useFieldOptions(field, settings);
  const options = translatedOptions(source, t.label);
  const label = item.label && t.label(item.label);
  const applied = useQueryStore((state) => state.query[field]);
  const setField = useQueryStore((state) => state.setField);
  const multiple = settings.multiple;
  const selection = useDeferredSelection({
    applied,
    max: multiple ? settings.max : undefined,
    onCommit: (values) => setField(field, values),
    onTruncate: (max) => void message.info(maxSelectionMessage(max, t)),
  });

  const tagRender = ({ label, closable, onClose }: TagProps): ReactElement => (
    <Tag
      className={styles.selectTag}
      closable={closable}
      onMouseDown={(event) => event.preventDefault()}
      onClose={(event) => {
        event.preventDefault();
        selection.onTagClose();
        onClose();
      }}
    >
      {label}
    </Tag>
  );

  const common = {
    className: styles.select,
    placeholder: settings.placeholder ? t.label(settings.placeholder) : t('请选择'),
    allowClear: true,
    loading,
    maxTagCount: MAX_TAGS,
    popupMatchSelectWidth: false,
    onOpenChange: selection.onOpenChange,
    onClear: selection.onClear,
    'aria-label': label || t.label(FIELD_LABELS[field]),
  };
  const single = (value: string | undefined) => selection.onChange(value ? [value] : []);
  const testId = `select-${field}`;

  if (options.some((option) => option.children?.length)) {
    return (
      <span data-testid={testId} className={styles.control}>
        {label && <span className={styles.label}>{label}</span>}
        <TreeSelect<string | string[]>
          {...common}
          treeData={treeData(options)}
          multiple={multiple}
          value={multiple ? selection.value : selection.value[0]}
          onChange={(value) =>
            Array.isArray(value) ? selection.onChange(value) : single(value ?? undefined)
          }
          tagRender={multiple ? tagRender : undefined}
          listHeight={TREE_LIST_HEIGHT}
          treeDefaultExpandAll={false}
          showSearch={{ treeNodeFilterProp: 'title' }}
        />
      </span>
    );
  }
  return (
    <span data-testid={testId} className={styles.control}>
      {label && <span className={styles.label}>{label}</span>}
      <Select<string | string[]>
        {...common}
        mode={multiple ? 'multiple' : undefined}
        options={options.map(({ value, label }) => ({ value, label }))}
        value={multiple ? selection.value : selection.value[0]}
        onChange={(value) =>
          Array.isArray(value) ? selection.onChange(value) : single(value ?? undefined)
        }
        tagRender={multiple ? tagRender : undefined}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </span>
  );
}

/**
 * Options with their labels in the locale: the product's names (platforms, sentiments) have
 * English, a project's own names show as written. Values are kept.
 */
export function translatedOptions(
  options: readonly OptionItem[],
  label: (text: string) => string,
): OptionItem[] {
  return options.map((option) => ({
    ...option,
    label: label(option.label),
    ...(option.children ? { children: translatedOptions(option.children, label) } : {}),
  }));
}

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}

export function treeData(options: readonly OptionItem[]): TreeNode[] {
  return options.map((option) => ({
    value: option.value,
    title: option.label,
    ...(option.children?.length ? { children: treeData(option.children) } : {}),
  }));
}
