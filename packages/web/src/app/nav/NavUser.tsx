import {
  CloudDownloadOutlined,
  DownOutlined,
  FundProjectionScreenOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { projectPath } from '@yuqing/core';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { logout } from '../../api/user';
import { useT } from '../../i18n/useT';
import { canManage } from '../../session/access';
import { isManagePath } from '../menu';
import { clearWxCookie, reloadAt } from '../../session/navigation';
import { useSession } from '../../session/session';
import styles from './NavUser.module.css';

interface NavLink {
  key: string;
  label: string;
  icon: ReactNode;
  hash: string;
}

async function signOut(): Promise<void> {
  await logout().catch(() => undefined);
  clearWxCookie();
  reloadAt('/login');
}

/** "Hi, {nickname}", a dropdown of area links for admins or with downloads, and Logout. */
export function NavUser() {
  const t = useT();
  const { user, detail, location } = useSession();
  const { pathname } = useLocation();
  const onManage = isManagePath(pathname);
  const onDownload = pathname === '/download';
  const admin = canManage(user);
  const downloads = Boolean(detail?.project.showDownloadJobList);
  const base = projectPath(location);

  const links: NavLink[] = [];
  if (admin && !onManage) {
    links.push({
      key: 'manage',
      label: t('nav.manage'),
      icon: <SettingOutlined />,
      hash: '/manage',
    });
  }
  if (onDownload || onManage) {
    links.push({
      key: 'screen',
      label: t('nav.screen'),
      icon: <FundProjectionScreenOutlined />,
      hash: '/',
    });
  }
  if (downloads && !onDownload) {
    links.push({
      key: 'download',
      label: t('nav.download'),
      icon: <CloudDownloadOutlined />,
      hash: '/download',
    });
  }
  const withMenu = (admin || downloads) && links.length > 0;
  const items: MenuProps['items'] = links.map((link) => ({
    key: link.key,
    icon: link.icon,
    label: (
      <a href={`${base}#${link.hash}`} target="_blank" rel="noopener noreferrer">
        {link.label}
      </a>
    ),
  }));

  const greeting = (
    <span
      className={withMenu ? `${styles.greeting} ${styles.menuTrigger}` : styles.greeting}
      data-testid="nav-user"
    >
      <Avatar size="small" icon={<UserOutlined />} />
      {t('nav.hi', { nickname: user.nickname })}
      {withMenu && <DownOutlined className={styles.caret} />}
    </span>
  );

  return (
    <div className={styles.user}>
      {withMenu ? <Dropdown menu={{ items }}>{greeting}</Dropdown> : greeting}
      <Button
        type="text"
        icon={<LogoutOutlined />}
        style={{ color: 'inherit' }}
        data-testid="nav-logout"
        onClick={() => void signOut()}
      >
        {t('nav.logout')}
      </Button>
    </div>
  );
}
