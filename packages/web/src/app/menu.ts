import type { MenuItem, UserInfo } from '@yuqing/core';
import { canManage } from '../session/access';

const RESERVED_PATHS = ['/login', '/403', '/404', '/manage', '/download'];

function isReserved(path: string): boolean {
  return RESERVED_PATHS.some((reserved) => path === reserved || path.startsWith(`${reserved}/`));
}

/** Menu items that can become routes: the shell's own screens keep their paths. */
export function routableMenuItems(menus: MenuItem[]): MenuItem[] {
  return menus.filter((item) => !isReserved(item.path));
}

/** Where unknown paths go: the default item, else the first. */
export function defaultMenuItem(menus: MenuItem[]): MenuItem | undefined {
  return menus.find((item) => item.default) ?? menus[0];
}

/** The item shown at `/`: one whose path is `/`, else the default item. */
export function indexMenuItem(menus: MenuItem[]): MenuItem | undefined {
  return menus.find((item) => item.path === '/') ?? defaultMenuItem(menus);
}

export function visibleMenuItems(menus: MenuItem[], user: UserInfo): MenuItem[] {
  return menus.filter((item) => item.show && (canManage(user) || !item.adminVisible));
}

export function isManagePath(pathname: string): boolean {
  return pathname === '/manage' || pathname.startsWith('/manage/');
}
