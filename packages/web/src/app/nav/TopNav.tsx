import { DEFAULT_NAV_TEXT_COLOR, DEFAULT_PRIMARY_COLOR, projectPath } from '@yuqing/core';
import type { CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { LocaleSwitch } from '../../components/LocaleSwitch';
import { AlertBell } from '../../features/alerts/AlertBell';
import { Logo } from '../../components/Logo';
import { isSignedIn } from '../../session/access';
import { isManagePath } from '../menu';
import { useSession } from '../../session/session';
import { ManageTabs } from './ManageTabs';
import { NavMenu } from './NavMenu';
import { NavUser } from './NavUser';
import styles from './TopNav.module.css';

type NavStyle = CSSProperties & Record<'--yq-nav-text' | '--yq-nav-active', string>;

export function TopNav() {
  const { user, detail, location } = useSession();
  const { pathname } = useLocation();
  const site = detail?.dashboard.site;
  const onManage = isManagePath(pathname);
  const subject = site?.hideSubjectName ? undefined : detail?.subject;
  const style: NavStyle = {
    '--yq-nav-text': site?.navTextColor ?? DEFAULT_NAV_TEXT_COLOR,
    // A custom text colour is chosen to read on the custom background, so it marks the active item too.
    '--yq-nav-active': site?.navTextColor ?? DEFAULT_PRIMARY_COLOR,
    backgroundImage: site?.navBackgroundImage ? `url("${site.navBackgroundImage}")` : undefined,
  };

  return (
    <header className={styles.nav} style={style} data-testid="top-nav">
      {/* A plain link: the logo reloads the project from its landing page. */}
      <a className={styles.brand} href={projectPath(location)}>
        <Logo customer={location.customer} className={styles.logo} />
        {subject && <span className={styles.subject}>#{subject.name}#</span>}
      </a>
      <nav className={onManage ? `${styles.menu} ${styles.scrolling}` : styles.menu}>
        {onManage ? <ManageTabs /> : <NavMenu />}
      </nav>
      <div className={styles.right}>
        {isSignedIn(user) && <AlertBell />}
        <LocaleSwitch />
        {isSignedIn(user) && <NavUser />}
      </div>
    </header>
  );
}
