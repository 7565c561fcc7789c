import { SESSION_MAX_AGE_S } from '@yuqing/core';

const WX_COOKIE = 'isWx';

/** Opens `hashPath` with a full reload, so that user info and the project load afresh. */
export function reloadAt(hashPath: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(null, '', `${pathname}${search}#${hashPath}`);
  window.location.reload();
}

/** The login page's `redirect` query, if it is a path inside the app. */
export function redirectTarget(redirect: string | null): string {
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}

export function setWxCookie(): void {
  document.cookie = `${WX_COOKIE}=1; Max-Age=${SESSION_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

export function clearWxCookie(): void {
  document.cookie = `${WX_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
