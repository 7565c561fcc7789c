import { DownOutlined } from '@ant-design/icons';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { indexMenuItem, routableMenuItems, visibleMenuItems } from '../menu';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import styles from './NavMenu.module.css';

/** Antd's horizontal menu in the navigation's own colours (custom text colour included). */
const NAV_MENU_THEME = {
  components: {
    Menu: {
      itemBg: 'transparent',
      itemColor: 'var(--yq-nav-text)',
      itemHoverColor: 'var(--yq-nav-active)',
      horizontalItemHoverColor: 'var(--yq-nav-active)',
      horizontalItemSelectedColor: 'var(--yq-nav-active)',
      itemSelectedColor: 'var(--yq-nav-active)',
      activeBarHeight: 3,
      horizontalItemBorderRadius: 0,
      horizontalLineHeight: '56px',
      itemPaddingInline: 14,
      fontSize: 15,
    },
  },
};

/**
 * The project's menu; a click keeps the query string and starts the page at step 0. Items that
 * do not fit move into antd's overflow menu (更多) at the end.
 */
export function NavMenu() {
  const t = useT();
  const { user, detail } = useSession();
  const { pathname, search } = useLocation();
  const menus = routableMenuItems(detail?.project.menus ?? []);
  const indexItem = indexMenuItem(menus);
  const params = new URLSearchParams(search);
  params.set('step', '0');
  const nextSearch = `?${params.toString()}`;
  const visible = visibleMenuItems(menus, user);
  const active = visible.find(
    (item) => item.path === pathname || (pathname === '/' && item === indexItem),
  );
  const items: MenuProps['items'] = visible.map((item) => ({
    key: item.key,
    label: (
      <Link
        to={{ pathname: item.path, search: nextSearch }}
        aria-current={item === active ? 'page' : undefined}
        data-testid={`nav-item-${item.key}`}
      >
        {t.label(item.label)}
      </Link>
    ),
  }));

  return (
    <ConfigProvider theme={NAV_MENU_THEME}>
      <Menu
        className={styles.menu}
        mode="horizontal"
        items={items}
        selectedKeys={active ? [active.key] : []}
        overflowedIndicator={
          <span className={styles.more} data-testid="nav-more">
            {t('更多')} <DownOutlined />
          </span>
        }
      />
    </ConfigProvider>
  );
}
