import { pageTitle } from '@yuqing/core';
import { useEffect } from 'react';
import { useT } from '../i18n/useT';
import type { RouteHandle } from './routeHandle';
import { useSession } from '../session/session';

/** Titles the browser tab "{route} - {project}", following the locale. */
export function useDocumentTitle(handle: RouteHandle | undefined): void {
  const t = useT();
  const session = useSession();
  const name = handle?.title
    ? t.label(handle.title)
    : handle?.titleKey
      ? t(handle.titleKey)
      : undefined;
  const projectName = session.detail?.project.name ?? session.info.name;
  useEffect(() => {
    document.title = pageTitle(name, projectName);
  }, [name, projectName]);
}
