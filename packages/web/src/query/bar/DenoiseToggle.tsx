import { FilterOutlined } from '@ant-design/icons';
import type { FilterItem } from '@yuqing/core';
import { Button } from 'antd';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';

type DenoiseItem = Extract<FilterItem, { type: 'denoise' }>;

/** The denoise toggle (spec 4): each click switches the flag between '' and 'NO'. */
export function DenoiseToggle({ item }: { item: DenoiseItem }) {
  const on = useQueryStore((state) => state.query.denoise === 'NO');
  const toggleDenoise = useQueryStore((state) => state.toggleDenoise);
  const t = useT();
  const label = item.label ? t.label(item.label) : t('去噪');
  return (
    <Button
      data-testid="denoise-toggle"
      type={on ? 'primary' : 'default'}
      aria-pressed={on}
      icon={<FilterOutlined />}
      onClick={toggleDenoise}
    >
      {on ? t('已{label}', { label }) : label}
    </Button>
  );
}
