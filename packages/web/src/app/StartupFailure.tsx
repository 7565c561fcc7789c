import { Suspense } from 'react';
import { ApiError } from '../api/client';
import { ErrorView } from '../components/ErrorView';
import { useT } from '../i18n/useT';
import { RouteFallback } from './RouteFallback';
import { NotFoundPage } from './screens';

interface StartupFailureProps {
  error: unknown;
}

/** Shown when the project itself cannot be loaded; there is no router yet. */
export function StartupFailure({ error }: StartupFailureProps) {
  const t = useT();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Suspense fallback={<RouteFallback />}>
        {/* The site root leads to the default project. */}
        <NotFoundPage homeHref="/" />
      </Suspense>
    );
  }
  const detail = error instanceof Error && error.message ? error.message : t('error.server');
  return <ErrorView title={t('error.startup')} detail={detail} />;
}
