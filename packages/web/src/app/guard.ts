import { redirect, type LoaderFunctionArgs } from 'react-router';
import { SEARCH_QUERY_KEY } from '../features/search/searchQueryStorage';
import { canConfigureSystem, canManage, isSignedIn } from '../session/access';
import type { Access } from './routeHandle';
import type { Session } from '../session/session';

function toLogin(request: Request): Response {
  const url = new URL(request.url);
  const query = new URLSearchParams({ redirect: `${url.pathname}${url.search}` });
  return redirect(`/login?${query.toString()}`);
}

/**
 * The route guard, as the loader of every route: it runs before each navigation, ahead of the
 * screen's own code, so the cleared search query is never read by the next screen.
 */
export function guard(session: Session, access: Access, redirectTo?: string) {
  return ({ request }: LoaderFunctionArgs) => {
    sessionStorage.removeItem(SEARCH_QUERY_KEY);
    if (access === 'public') return null;
    if (!isSignedIn(session.user)) throw toLogin(request);
    if (access === 'admin' && !canManage(session.user)) throw redirect('/403');
    if (access === 'superAdmin' && !canConfigureSystem(session)) throw redirect('/403');
    if (redirectTo) throw redirect(redirectTo);
    return null;
  };
}
