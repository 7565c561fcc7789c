import type { ScheduleRun } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchScheduleRuns } from '../../api/schedules';

/** How often the history is read again while a run is still sending. */
export const RUNS_POLL_MS = 3000;

/**
 * A schedule's runs, newest first, read again every few seconds while one is sending: undefined
 * until the first answer; `failed` once a read fails, which ends the polling.
 */
export function useScheduleRuns(scheduleId: string) {
  const [runs, setRuns] = useState<ScheduleRun[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const answer = await fetchScheduleRuns(scheduleId);
        if (!live) return;
        setRuns(answer);
        setFailed(false);
        if (answer.some((run) => run.status === 'running')) timer = setTimeout(read, RUNS_POLL_MS);
      } catch {
        if (live) setFailed(true);
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [scheduleId]);
  return { runs, failed };
}
