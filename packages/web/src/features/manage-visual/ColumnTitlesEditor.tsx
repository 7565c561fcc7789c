import { requestValueType, tableAggregation, tableField, type Chart } from '@yuqing/core';
import { Input, Space } from 'antd';
import { columnTitles, type ColumnKey } from '../../widgets/basic/table';
import { useT } from '../../i18n/useT';
import styles from './VisualEditor.module.css';

type Renames = NonNullable<Chart['options']['columns']>;

interface ColumnTitlesEditorProps {
  chart: Chart;
  value?: Renames;
  onChange?(value: Renames): void;
}

/**
 * m-table's column titles: one box per column the table shows, its default title as the
 * placeholder. A cleared box keeps the default, so only real renames are stored.
 */
export function ColumnTitlesEditor({ chart, value = [], onChange }: ColumnTitlesEditorProps) {
  const t = useT();
  const aggs = tableAggregation(chart);
  const valueType = requestValueType(chart.innerRequest, chart);
  const defaults = columnTitles({ aggs, field: tableField(chart), valueType }, undefined);
  const keys: ColumnKey[] = ['rank', 'name', 'value'];
  if (aggs === 'common_authors') keys.push('engagement');
  const renamed = new Map(value.map(({ key, title }) => [key, title]));
  const change = (key: ColumnKey, title: string) => {
    // Spaces alone are no title; inner spaces stay typeable, so nothing is trimmed.
    const next = new Map(renamed).set(key, title.trim() ? title : '');
    onChange?.(
      keys.flatMap((column) => {
        const columnTitle = next.get(column);
        return columnTitle ? [{ key: column, title: columnTitle }] : [];
      }),
    );
  };
  return (
    <div className={styles.rows} data-testid="manage-panel-columns">
      {keys.map((key) => (
        <Space.Compact key={key} block>
          <Space.Addon className={styles.columnName}>{defaults[key]}</Space.Addon>
          <Input
            aria-label={t('{column}列标题', { column: defaults[key] })}

            placeholder={defaults[key]}
            maxLength={50}
            allowClear
            value={renamed.get(key) ?? ''}
            onChange={(event) => change(key, event.target.value)}
          />
        </Space.Compact>
      ))}
    </div>
  );
}
