import { Empty } from 'antd';
import type { WidgetViewProps } from '../types';
import { frameUrl } from './content';
import styles from './IframeView.module.css';

/** An embedded page of the configured http(s) or site address; 无 without one. */
export default function IframeView({ chart }: WidgetViewProps<undefined>) {
  const url = frameUrl(chart.options.url);
  return (
    <div className={styles.frame} data-testid={`widget-body-${chart.i}`}>
      {url ? (
        <iframe
          className={styles.iframe}
          src={url}
          title={chart.title || '内嵌页面'}
          sandbox="allow-scripts allow-same-origin allow-popups"
          referrerPolicy="no-referrer"
          loading="lazy"
        />
      ) : (
        <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" />
      )}
    </div>
  );
}
