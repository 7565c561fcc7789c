const SHARE_PREFIX = '/share/';

/** The token of a report's share address `/share/{token}`; undefined for any other path. */
export function shareToken(pathname: string): string | undefined {
  if (!pathname.startsWith(SHARE_PREFIX)) return undefined;
  const token = pathname.slice(SHARE_PREFIX.length).replace(/\/$/, '');
  if (!token || token.includes('/')) return undefined;
  try {
    return decodeURIComponent(token);
  } catch {
    return undefined;
  }
}
