import { useEffect } from 'react';
import { fetchImportStatus } from '../../api/importStatus';
import { useImportStatus } from './importStatusStore';

/** How often a running import is asked about; one batch of demo posts takes several seconds. */
const POLL_MS = 2_000;

/** Asks once when the dashboard opens, then every POLL_MS while an import runs. */
export function useImportPolling(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = () => {
      fetchImportStatus().then(
        (status) => {
          if (stopped) return;
          useImportStatus.getState().report(status);
          if (status.running) timer = setTimeout(poll, POLL_MS);
        },
        () => undefined,
      );
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
}
