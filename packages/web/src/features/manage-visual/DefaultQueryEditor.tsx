import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DefaultQueryItem } from '@yuqing/core';
import { Button, Select } from 'antd';
import { useT } from '../../i18n/useT';
import { datePresetOptions, defaultQueryFieldOptions } from './fieldOptions';
import styles from './VisualEditor.module.css';

interface DefaultQueryEditorProps {
  value?: DefaultQueryItem[];
  onChange?(value: DefaultQueryItem[]): void;
  testId?: string;
}

/** A defaultQuery list: a field and its value (a date preset, denoise, or a list of values). */
export function DefaultQueryEditor({ value = [], onChange, testId }: DefaultQueryEditorProps) {
  const t = useT();
  const change = (index: number, item: DefaultQueryItem) =>
    onChange?.(value.map((other, i) => (i === index ? item : other)));
  return (
    <div className={styles.rows} data-testid={testId}>
      {value.map((item, index) => (
        <div key={index} className={styles.row}>
          <Select
            style={{ width: 120 }}
            value={item.field}
            options={defaultQueryFieldOptions(t)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(field) =>
              change(index, {
                field,
                value: field === 'range' ? 'last_7_days' : field === 'denoise' ? 'NO' : [],
              })
            }
          />
          {item.field === 'range' ? (
            <Select
              className={styles.rowGrow}
              value={Array.isArray(item.value) ? item.value[0] : item.value}
              options={datePresetOptions(t)}
              onChange={(preset) => change(index, { ...item, value: preset })}
            />
          ) : item.field === 'denoise' ? (
            <Select
              className={styles.rowGrow}
              value={Array.isArray(item.value) ? item.value[0] : item.value}
              options={[
                { value: 'NO', label: t('去噪') },
                { value: '', label: t('不去噪') },
              ]}
              onChange={(denoise) => change(index, { ...item, value: denoise })}
            />
          ) : (
            <Select
              className={styles.rowGrow}
              mode="tags"
              placeholder={item.field === 'q' ? t('关键词表达式') : t('输入值后回车')}
              value={Array.isArray(item.value) ? item.value : item.value ? [item.value] : []}
              onChange={(values: string[]) =>
                change(index, { ...item, value: item.field === 'q' ? (values[0] ?? '') : values })
              }
              maxCount={item.field === 'q' ? 1 : undefined}
            />
          )}
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('删除')}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { field: 'range', value: 'last_7_days' }])}
      >
        {t('添加默认查询')}
      </Button>
    </div>
  );
}
