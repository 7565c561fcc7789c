import type { SchedulesAnswer } from '@yuqing/core';
import { useCallback, useEffect, useState } from 'react';
import { fetchSchedules } from '../../api/schedules';

/**
 * The project's schedules and the channels they may choose, read again by `reload`: undefined
 * until the first answer; a failed read keeps what was there, or gives none. `quiet` where a
 * failure is no concern of the screen (the report list's section).
 */
export function useSchedules(quiet = false) {
  const [answer, setAnswer] = useState<SchedulesAnswer>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    fetchSchedules({ quiet }).then(
      (read) => live && setAnswer(read),
      () => live && setAnswer((current) => current ?? { schedules: [], channels: [] }),
    );
    return () => {
      live = false;
    };
  }, [quiet, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { answer, reload };
}
