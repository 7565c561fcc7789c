import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Chart } from '@yuqing/core';
import { Button, Checkbox, Select } from 'antd';
import { useT } from '../../i18n/useT';
import { fieldOptions } from './fieldOptions';
import styles from './VisualEditor.module.css';

type Chip = Chart['filter'][number];

interface FilterChipsEditorProps {
  value?: Chip[];
  onChange?(value: Chip[]): void;
}

/** A widget's fixed filter chips: field, values, and whether they exclude. */
export function FilterChipsEditor({ value = [], onChange }: FilterChipsEditorProps) {
  const t = useT();
  const change = (index: number, chip: Chip) =>
    onChange?.(value.map((other, i) => (i === index ? chip : other)));
  return (
    <div className={styles.rows} data-testid="manage-panel-filter">
      {value.map((chip, index) => (
        <div key={index} className={styles.row}>
          <Select
            style={{ width: 110 }}
            value={chip.field}
            options={fieldOptions(t)}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(field) => change(index, { ...chip, field })}
          />
          <Select
            className={styles.rowGrow}
            mode="tags"
            placeholder={t('输入值后回车')}
            value={chip.value}
            onChange={(values: string[]) => change(index, { ...chip, value: values })}
          />
          <Checkbox
            checked={chip.exclude}
            onChange={(event) => change(index, { ...chip, exclude: event.target.checked })}
          >
            {t('排除')}
          </Checkbox>
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
        onClick={() =>
          onChange?.([...value, { field: 'tendency', value: [], exclude: false, ignore: false }])
        }
      >
        {t('添加筛选条件')}
      </Button>
    </div>
  );
}
