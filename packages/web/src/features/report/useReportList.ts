import type { ReportSummary } from '@yuqing/core';
import { useCallback, useEffect, useState } from 'react';
import { fetchReports } from '../../api/reports';

interface Answer {
  /** The read it answers: the table shows its spinner until the newest one is answered. */
  to: number;
  reports: ReportSummary[];
}

/** The project's reports: read on opening and on `reload`; a failed read keeps the list. */
export function useReportList() {
  const [read, setRead] = useState(0);
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchReports().then(
      (reports) => live && setAnswer({ to: read, reports }),
      () => live && setAnswer((current) => ({ to: read, reports: current?.reports ?? [] })),
    );
    return () => {
      live = false;
    };
  }, [read]);

  const reload = useCallback(() => setRead((count) => count + 1), []);
  return { reports: answer?.reports ?? [], loading: answer?.to !== read, reload };
}
