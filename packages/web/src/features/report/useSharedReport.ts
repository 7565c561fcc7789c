import type { SharedReport } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchSharedReport } from '../../api/reportShares';
import { currentT } from '../../i18n/useT';

interface ShareRefusal {
  message: string;
  /** The refusal's HTTP status: the page draws a 404 as such, anything else as a warning. */
  status: number | undefined;
}

type Loaded =
  { shared: SharedReport; refusal?: undefined } | { shared?: undefined; refusal: ShareRefusal };

/** What the share link of `token` opens, or why it opens nothing. */
export function useSharedReport(token: string) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchSharedReport(token).then(
      (shared) => live && setLoaded({ shared }),
      (error: unknown) => {
        if (!live) return;
        const status = error instanceof ApiError ? error.status : undefined;
        const t = currentT();
        const message =
          error instanceof Error && error.message ? error.message : t('分享链接无法打开');
        setLoaded({ refusal: { message, status } });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return { shared: loaded?.shared, refusal: loaded?.refusal };
}
