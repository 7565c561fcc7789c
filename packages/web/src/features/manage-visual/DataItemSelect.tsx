import type { ProjectDataItem } from '@yuqing/core';
import { AutoComplete } from 'antd';
import { fetchProjectDataItems } from '../../api/manageData';
import { KIND_LABELS, countRows } from '../manage-data';
import { useT } from '../../i18n/useT';
import { useFetchedList } from '../../api/useFetchedList';
import styles from './VisualEditor.module.css';

interface DataItemSelectProps {
  value?: string;
  onChange(name: string | undefined): void;
  /** The kind the setting reads; items of the other kind are still offered, after these. */
  kind?: ProjectDataItem['kind'];
  placeholder?: string;
  size?: 'small' | 'middle';
}

/**
 * A project data item (数据配置) by name: the project's items are offered, a name may still be
 * typed (to be added in 数据配置 later), and one that is not there is said so.
 */
export function DataItemSelect({ value, onChange, kind, placeholder, size }: DataItemSelectProps) {
  const t = useT();
  const items = useFetchedList(fetchProjectDataItems);
  const sorted = [...(items ?? [])].sort(
    (a, b) => Number(a.kind !== kind) - Number(b.kind !== kind),
  );
  const missing = Boolean(value && items && !items.some((item) => item.name === value));
  return (
    <>
      <AutoComplete
        size={size}
        allowClear
        value={value}
        placeholder={placeholder ?? t('选择或输入数据项名称')}
        status={missing ? 'warning' : undefined}
        options={sorted.map((item) => ({
          value: item.name,
          label: t('{name}（{kind}，{count} 项）', {
            name: item.name,
            kind: t.label(KIND_LABELS[item.kind]),
            count: countRows(item.items),
          }),
        }))}
        showSearch={{
          filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()),
        }}
        onChange={(name: string | undefined) => onChange(name?.trim() || undefined)}
        data-testid="manage-data-item-select"
      />
      {missing && (
        <div className={styles.warningText}>
          {t('数据配置中没有「{name}」', { name: value ?? '' })}
        </div>
      )}
    </>
  );
}
