import type { ReportShare } from '@yuqing/core';
import { useCallback, useEffect, useState } from 'react';
import { fetchReportShares } from '../../../api/reportShares';

interface Answer {
  /** The read it answers: the table shows its spinner until the newest one is answered. */
  to: number;
  shares: ReportShare[];
  /** When the list was read: a link's status is as of then. */
  readAt: number;
}

/** A report's share links: read on opening and on `reload`; a failed read keeps the list. */
export function useReportShares(reportId: string) {
  const [read, setRead] = useState(0);
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchReportShares(reportId).then(
      (shares) => live && setAnswer({ to: read, shares, readAt: Date.now() }),
      () =>
        live &&
        setAnswer((current) => ({ to: read, shares: current?.shares ?? [], readAt: Date.now() })),
    );
    return () => {
      live = false;
    };
  }, [reportId, read]);

  const reload = useCallback(() => setRead((count) => count + 1), []);
  return {
    shares: answer?.shares ?? [],
    readAt: answer?.readAt ?? 0,
    loading: answer?.to !== read,
    reload,
  };
}
