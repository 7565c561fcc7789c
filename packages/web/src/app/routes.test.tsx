// @vitest-environment happy-dom
import { menuItem } from '@yuqing/core';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testSession } from '../testing/testSession';
import { buildRoutes } from './routes';
import type { Session } from '../session/session';

const menus = [
  { label: '概览', key: 'overview', path: '/overview', default: true },
  { label: '数据审核', key: 'audit', path: '/audit', adminVisible: true },
  { label: '历史归档', key: 'archive', path: '/archive', show: false },
].map((item) => menuItem.parse(item));

function sessionOf(isAdmin: boolean): Session {
  const session = testSession({ menus });
  return { ...session, user: { ...session.user, isAdmin } };
}

/** Where the guard of the route at `path` sends the user: a redirect's target, or null (stay). */
async function openedAt(session: Session, path: string): Promise<string | null> {
  const children = buildRoutes(session)[0]!.children!;
  const route =
    children.find((child: RouteObject) => child.path === path) ??
    children.find((child: RouteObject) => child.path === '*')!;
  const loader = route.loader as (args: LoaderFunctionArgs) => unknown;
  const request = new Request(`http://localhost/${path}`);
  try {
    await loader({ request, params: {}, context: undefined } as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('the route guard follows the menu', () => {
  it('answers 403 to a member who types an admin-visible item, and lets an admin in', async () => {
    expect(await openedAt(sessionOf(false), 'audit')).toBe('/403');
    expect(await openedAt(sessionOf(true), 'audit')).toBeNull();
    expect(await openedAt(sessionOf(false), 'overview')).toBeNull();
  });

  it('opens the default item for a hidden item, for everyone', async () => {
    expect(await openedAt(sessionOf(false), 'archive')).toBe('/overview');
    expect(await openedAt(sessionOf(true), 'archive')).toBe('/overview');
  });
});
