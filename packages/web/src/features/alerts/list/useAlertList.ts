import type { AlertListAnswer } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchAlerts, type AlertFilter } from '../../../api/alerts';
import { useUnreadAlerts } from '../unreadAlerts';

interface Read {
  /** The filter and version this read answered. */
  key: string;
  answer?: AlertListAnswer;
}

/**
 * The alerts of a filter, read again when the filter or `version` changes (a superseded read is
 * cancelled); each answer's unread count goes to the navigation's badge too.
 */
export function useAlertList(filter: AlertFilter, version: number) {
  const [read, setRead] = useState<Read>({ key: '' });
  const report = useUnreadAlerts((state) => state.report);
  const { rule_id, level, page, size } = filter;
  const key = JSON.stringify([rule_id, level, page, size, version]);

  useEffect(() => {
    const controller = new AbortController();
    fetchAlerts({ rule_id, level, page, size }, { signal: controller.signal }).then(
      (answer) => {
        report(answer.unread);
        setRead({ key, answer });
      },
      () => !controller.signal.aborted && setRead((last) => ({ ...last, key })),
    );
    return () => controller.abort();
  }, [key, rule_id, level, page, size, report]);

  return { answer: read.answer, loading: read.key !== key };
}
