import type { ReportTheme } from '@yuqing/core';
import { ColorPicker, Select, Space } from 'antd';
import { useT } from '../../../i18n/useT';
import { SaveThemeButton } from './SaveThemeButton';
import { SeriesColors } from './SeriesColors';
import { useReportThemes } from './useReportThemes';
import styles from './ReportEditor.module.css';

interface ThemeFieldProps {
  /** A form item gives both. */
  value?: ReportTheme;
  onChange?(theme: ReportTheme): void;
}

/** A report's theme: taken from a saved one, or its colours edited here and saved by name. */
export function ThemeField({ value, onChange }: ThemeFieldProps) {
  const t = useT();
  const { themes, add } = useReportThemes();
  if (!value) return null;
  const set = (patch: Partial<ReportTheme>) => onChange?.({ ...value, ...patch });

  return (
    <Space vertical size={12} className={styles.theme}>
      <Select
        className={styles.themeSelect}
        placeholder={t('选择主题')}
        options={themes.map((named) => ({ value: named.id, label: named.name }))}
        onChange={(id: string) => {
          const chosen = themes.find((named) => named.id === id);
          if (chosen) onChange?.(chosen.theme);
        }}
        data-testid="theme-select"
      />
      <Space wrap size={16}>
        <span className={styles.color}>
          {t('背景色')}
          <ColorPicker
            value={value.bgColor}
            disabledAlpha
            showText
            onChangeComplete={(color) => set({ bgColor: color.toHexString() })}
          />
        </span>
        <span className={styles.color}>
          {t('标题色')}
          <ColorPicker
            value={value.primaryColor}
            allowClear
            showText={(color) => (value.primaryColor ? color.toHexString() : t('跟随项目'))}
            onChangeComplete={(color) =>
              set({ primaryColor: color.cleared ? undefined : color.toHexString() })
            }
          />
        </span>
      </Space>
      <div>
        <div className={styles.caption}>{t('图表配色')}</div>
        <SeriesColors colors={value.colors} onChange={(colors) => set({ colors })} />
      </div>
      <SaveThemeButton theme={value} onSaved={add} />
    </Space>
  );
}
