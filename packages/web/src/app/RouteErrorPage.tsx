import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
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
  return (
    <Result
      status="error"
      title={t('error.pageLoad')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('action.reload')}
        </Button>
      }
    />
  );
}
