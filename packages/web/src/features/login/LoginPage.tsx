import { DesktopOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { LoginType } from '@yuqing/core';
import { theme, Tooltip } from 'antd';
import { useCallback, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import { redirectTarget, reloadAt } from '../../session/navigation';
import { useSession } from '../../session/session';
import { LocaleSwitch } from '../../components/LocaleSwitch';
import { Logo } from '../../components/Logo';
import { useT } from '../../i18n/useT';
import { LoginBackdrop } from './LoginBackdrop';
import { PasswordLoginForm } from './PasswordLoginForm';
import { WxLoginFrame } from './WxLoginFrame';
import styles from './LoginPage.module.css';

const ICP_SITE = 'https://beian.miit.gov.cn/';

/** Sign-in by password or WeChat QR code, as the project allows; the first type is the default. */
export function LoginPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { info, location } = useSession();
  const [searchParams] = useSearchParams();
  const target = redirectTarget(searchParams.get('redirect'));
  const types: readonly LoginType[] = info.config.loginTypes.length
    ? info.config.loginTypes
    : ['pw'];
  const [mode, setMode] = useState<LoginType>(types[0] ?? 'pw');
  const other = types.find((type) => type !== mode);
  // The user info must load afresh after sign-in, hence a full reload.
  const onSuccess = useCallback(() => reloadAt(target), [target]);
  const toggleLabel = other === 'wx' ? t('login.toWx') : t('login.toPw');

  return (
    <div className={styles.page}>
      <LoginBackdrop />
      <div className={styles.localeBar}>
        <LocaleSwitch />
      </div>
      <main className={styles.center}>
        <div className={styles.brand}>
          <Logo customer={location.customer} className={styles.logo} />
          <h1 className={styles.name}>{info.name}</h1>
          <p className={styles.tagline}>{t('app.title')}</p>
        </div>
        <section
          className={styles.card}
          style={{ '--yq-primary': token.colorPrimary } as CSSProperties}
        >
          {other && (
            <Tooltip title={toggleLabel} placement="left">
              <button
                type="button"
                className={styles.toggle}
                aria-label={toggleLabel}
                data-testid="login-toggle"
                onClick={() => setMode(other)}
              >
                {other === 'wx' ? <QrcodeOutlined /> : <DesktopOutlined />}
              </button>
            </Tooltip>
          )}
          <h2 className={styles.cardTitle}>
            {mode === 'pw' ? t('login.title') : t('login.wxTitle')}
          </h2>
          {mode === 'pw' ? (
            <PasswordLoginForm customer={info.customer} onSuccess={onSuccess} />
          ) : (
            <WxLoginFrame wx={info.config.wx} onSuccess={onSuccess} />
          )}
        </section>
      </main>
      {info.config.icp && (
        <footer className={styles.footer}>
          <a href={ICP_SITE} target="_blank" rel="noopener noreferrer">
            {info.config.icp}
          </a>
        </footer>
      )}
    </div>
  );
}
