import type { AlertRuleChannelError, ListedAlertRule } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchAlertChannelErrors } from '../../api/alerts';

/**
 * Each rule's newest failing send (a channel whose last attempt failed), from one call for the
 * whole project, read again whenever `rules` (the list it marks) is.
 */
export function useChannelErrors(
  rules: ListedAlertRule[] | undefined,
): Map<string, AlertRuleChannelError> {
  const [failures, setFailures] = useState(new Map<string, AlertRuleChannelError>());
  useEffect(() => {
    if (!rules) return;
    let live = true;
    fetchAlertChannelErrors().then(
      (errors) => {
        if (!live) return;
        const newest = new Map<string, AlertRuleChannelError>();
        for (const error of errors) {
          const known = newest.get(error.ruleId);
          if (!known || error.at > known.at) newest.set(error.ruleId, error);
        }
        setFailures(newest);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [rules]);
  return failures;
}
