import { Result, Space, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useSession } from '../../session/session';
import { useT } from '../../i18n/useT';
import styles from './PlaceholderPage.module.css';

interface PlaceholderPageProps {
  /** Names the page in its `placeholder-{name}` test id. */
  name: string;
  icon: ReactNode;
  title: string;
  description: string;
  /** More lines under the project name, e.g. the report id. */
  details?: ReactNode;
}

/** The stand-in of a screen still to be built: what it is and what will appear there. */
export function PlaceholderPage({ name, icon, title, description, details }: PlaceholderPageProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { detail, info } = useSession();
  const iconStyle = { '--yq-placeholder-color': token.colorPrimary } as CSSProperties;
  return (
    <div className={styles.page} data-testid={`placeholder-${name}`}>
      <section className={styles.panel}>
        <Result
          icon={
            <span className={styles.icon} style={iconStyle}>
              {icon}
            </span>
          }
          title={title}
          subTitle={description}
          extra={
            <Space vertical size={4} className={styles.details}>
              <span>
                {t('placeholder.project', { project: detail?.project.name ?? info.name })}
              </span>
              {details}
            </Space>
          }
        />
      </section>
    </div>
  );
}
