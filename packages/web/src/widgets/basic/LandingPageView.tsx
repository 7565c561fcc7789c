import { Empty, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import { imageUrl, paragraphs } from './content';
import styles from './LandingPageView.module.css';

/**
 * A welcoming banner in the primary colour: heading, plain-text paragraphs (never markup: React
 * renders them as text) and an optional image.
 */
export default function LandingPageView({ chart }: WidgetViewProps<undefined>) {
  const { token } = theme.useToken();
  const t = useT();
  const { heading, content, image } = chart.options;
  const title = t.label(heading || chart.title || '');
  const lines = paragraphs(content && t.label(content));
  const src = imageUrl(image);
  if (!title && lines.length === 0 && !src) {
    return (
      <div className={styles.none} data-testid={`widget-body-${chart.i}`}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('无')} />
      </div>
    );
  }
  return (
    <div
      className={styles.landing}
      style={{ '--primary': token.colorPrimary } as CSSProperties}
      data-testid={`widget-body-${chart.i}`}
    >
      <div className={styles.text}>
        {title && <h2 className={styles.heading}>{title}</h2>}
        {lines.map((line, index) => (
          <p key={index} className={styles.paragraph}>
            {line}
          </p>
        ))}
      </div>
      {src && <img className={styles.image} src={src} alt={title || ''} />}
    </div>
  );
}
