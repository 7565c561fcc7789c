import { Empty } from 'antd';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { frameUrl } from './content';
import styles from './IframeView.module.css';

/**
 * An embedded page of the configured http(s) or site address; 无 without one. It may run
 * scripts (embedded pages need them) and open links in new windows, but never as this site:
 * with allow-same-origin as well, a page of this origin (the demo's 舆情简报) could lift its own
 * sandbox and act in the viewer's session.
 */
export default function IframeView({ chart }: WidgetViewProps<undefined>) {
  const t = useT();
  const url = frameUrl(chart.options.url);
  return (
    <div className={styles.frame} data-testid={`widget-body-${chart.i}`}>
      {url ? (
        <iframe
          className={styles.iframe}
          src={url}
          title={chart.title ? t.label(chart.title) : t('内嵌页面')}
          sandbox="allow-scripts allow-popups"
          referrerPolicy="no-referrer"
          loading="lazy"
        />
      ) : (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('无')}
        />
      )}
    </div>
  );
}
