import { ALERT_LEVEL_LABELS, type AlertLevel } from '@yuqing/core';
import { Tag } from 'antd';
import { useT } from '../i18n/useT';

const LEVEL_COLORS: Record<AlertLevel, string> = {
  info: 'blue',
  warning: 'orange',
  critical: 'red',
};

/** An alert's or a rule's level: 提示, 警告, 严重, in its colour. */
export function AlertLevelTag({ level }: { level: AlertLevel }) {
  const t = useT();
  return (
    <Tag color={LEVEL_COLORS[level]} data-testid={`alert-level-${level}`}>
      {t.label(ALERT_LEVEL_LABELS[level])}
    </Tag>
  );
}
