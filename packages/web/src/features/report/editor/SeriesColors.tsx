import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Space } from 'antd';
import { useT } from '../../../i18n/useT';

/** The most series colours a theme holds (core's schema). */
const MAX_COLORS = 20;
const NEW_COLOR = '#3673F1';

interface SeriesColorsProps {
  colors: string[];
  onChange(colors: string[]): void;
}

/** A theme's series colours in order: each can be changed or removed, and more added. */
export function SeriesColors({ colors, onChange }: SeriesColorsProps) {
  const t = useT();
  const replace = (index: number, color: string) =>
    onChange(colors.map((current, at) => (at === index ? color : current)));
  return (
    <Space wrap size={4} data-testid="theme-colors">
      {colors.map((color, index) => (
        <Space.Compact key={index}>
          <ColorPicker
            value={color}
            disabledAlpha
            onChangeComplete={(value) => replace(index, value.toHexString())}
          />
          <Button
            icon={<CloseOutlined />}
            aria-label={t('删除颜色')}
            onClick={() => onChange(colors.filter((_, at) => at !== index))}
          />
        </Space.Compact>
      ))}
      {colors.length < MAX_COLORS && (
        <Button icon={<PlusOutlined />} onClick={() => onChange([...colors, NEW_COLOR])}>
          {t('添加颜色')}
        </Button>
      )}
    </Space>
  );
}
