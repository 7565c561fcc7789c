import type { DownloadJob } from '@yuqing/core';
import { useCallback, useEffect, useState } from 'react';
import { fetchDownloadJobs } from '../../api/downloadJobs';
import { isUnfinished } from './jobFormat';

/** How often the list is read while a job is queued or running. */
export const JOB_POLL_MS = 2000;

interface Answer {
  /** The read it answers: the table shows its spinner until the newest one is answered. */
  to: number;
  jobs: DownloadJob[];
}

/**
 * The project's offline downloads: read on opening and on `reload`, and every 2 s while any job
 * is unfinished. A failed read keeps the list (the client has shown why); a failed poll waits for
 * the next one.
 */
export function useDownloadJobs() {
  const [read, setRead] = useState(0);
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchDownloadJobs().then(
      (jobs) => live && setAnswer({ to: read, jobs }),
      () => live && setAnswer((current) => ({ to: read, jobs: current?.jobs ?? [] })),
    );
    return () => {
      live = false;
    };
  }, [read]);

  const busy = answer?.jobs.some(isUnfinished) ?? false;
  useEffect(() => {
    if (!busy) return;
    let live = true;
    let polling = false;
    const timer = setInterval(() => {
      if (polling) return;
      polling = true;
      fetchDownloadJobs(true)
        .then(
          (jobs) => live && setAnswer((current) => current && { ...current, jobs }),
          () => {},
        )
        .finally(() => {
          polling = false;
        });
    }, JOB_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [busy]);

  const reload = useCallback(() => setRead((count) => count + 1), []);
  return { jobs: answer?.jobs, loading: answer?.to !== read, reload };
}
