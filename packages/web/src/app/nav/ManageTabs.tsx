import { useLocation } from 'react-router';
import { useT } from '../../i18n/useT';
import { canConfigureSystem } from '../../session/access';
import { useSession } from '../../session/session';
import { NavItem } from './NavItem';

/** Replaces the menu on manage pages. */
export function ManageTabs() {
  const t = useT();
  const session = useSession();
  const { pathname } = useLocation();
  const tabs = [
    { key: 'manage', path: '/manage', label: t('manage.visual') },
    { key: 'manage-data', path: '/manage/data', label: t('manage.data') },
    { key: 'manage-alerts', path: '/manage/alerts', label: t('manage.alerts') },
    { key: 'manage-schedules', path: '/manage/schedules', label: t('manage.schedules') },
    ...(canConfigureSystem(session)
      ? [
          { key: 'manage-sys', path: '/manage/sys', label: t('manage.sys') },
          { key: 'manage-admin', path: '/manage/admin', label: t('manage.admin') },
        ]
      : []),
  ];
  return tabs.map((tab) => (
    <NavItem
      key={tab.key}
      to={tab.path}
      active={pathname === tab.path}
      testId={`nav-item-${tab.key}`}
    >
      {tab.label}
    </NavItem>
  ));
}
