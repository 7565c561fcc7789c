const TOKEN_PARAM = 'token';

function splitHash(hash: string): [string, URLSearchParams] {
  const at = hash.indexOf('?');
  return at < 0
    ? [hash, new URLSearchParams()]
    : [hash.slice(0, at), new URLSearchParams(hash.slice(at + 1))];
}

/** A sign-in token carried by a link, in the query before or after the hash. */
export function readUrlToken(): string | undefined {
  const url = new URL(window.location.href);
  return url.searchParams.get(TOKEN_PARAM) ?? splitHash(url.hash)[1].get(TOKEN_PARAM) ?? undefined;
}

/** Drops the token from the address bar once the server has turned it into a session cookie. */
export function removeUrlToken(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(TOKEN_PARAM);
  const [hashPath, hashQuery] = splitHash(url.hash);
  hashQuery.delete(TOKEN_PARAM);
  const query = hashQuery.toString();
  url.hash = query ? `${hashPath}?${query}` : hashPath;
  window.history.replaceState(window.history.state, '', url);
}
