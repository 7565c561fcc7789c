import { useLocation } from 'react-router';
import { indexMenuItem, routableMenuItems, visibleMenuItems } from '../menu';
import { useSession } from '../session';
import { NavItem } from './NavItem';

/** The project's menu; a click keeps the query string and starts the page at step 0. */
export function NavMenu() {
  const { user, detail } = useSession();
  const { pathname, search } = useLocation();
  const menus = routableMenuItems(detail?.project.menus ?? []);
  const indexItem = indexMenuItem(menus);
  const params = new URLSearchParams(search);
  params.set('step', '0');
  const nextSearch = `?${params.toString()}`;

  return visibleMenuItems(menus, user).map((item) => (
    <NavItem
      key={item.key}
      to={{ pathname: item.path, search: nextSearch }}
      active={item.path === pathname || (pathname === '/' && item === indexItem)}
      testId={`nav-item-${item.key}`}
    >
      {item.label}
    </NavItem>
  ));
}
