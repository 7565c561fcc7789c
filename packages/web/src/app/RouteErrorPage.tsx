import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../components/ErrorView';
import { useT } from '../i18n/useT';

/** Shown when a screen fails to load or render, e.g. a chunk missing after a redeploy. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('error.server');
  return <ErrorView title={t('error.pageLoad')} detail={detail} />;
}
