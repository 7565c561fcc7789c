import type { UIMatch } from 'react-router';
import type { TextKey } from '../i18n/translateText';

/** Who may open a route: anyone, members, admins, or super admins (system configuration). */
export type Access = 'public' | 'member' | 'admin' | 'superAdmin';

export interface RouteHandle {
  access: Access;
  /** A literal title, e.g. a menu item's label. */
  title?: string;
  titleKey?: TextKey;
  /** A project menu page. */
  dashboard?: boolean;
  menuKey?: string;
  hideNav?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}

/** The handle of the deepest matched route that has one. */
export function currentRouteHandle(matches: UIMatch[]): RouteHandle | undefined {
  return matches.map((match) => match.handle).findLast(isRouteHandle);
}
