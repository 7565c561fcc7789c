import { FileTextOutlined } from '@ant-design/icons';
import { WIDGET_LABELS } from '@yuqing/core';
import type { WidgetViewProps } from '../types';
import styles from './PostWidgetPlaceholder.module.css';

/** Post widgets arrive with the posts screens; until then they say so plainly. */
export default function PostWidgetPlaceholder({ chart }: WidgetViewProps<undefined>) {
  return (
    <div className={styles.placeholder} data-testid={`widget-placeholder-${chart.i}`}>
      <FileTextOutlined className={styles.icon} />
      <span>{WIDGET_LABELS[chart.type]}组件即将上线</span>
    </div>
  );
}
