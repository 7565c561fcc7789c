import type { AlertDeliveryError, AlertRule } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchAlertChannels } from '../../../api/alertChannels';
import { fetchAlerts } from '../../../api/alerts';

export interface RuleActivity {
  /** When each rule last raised an alert, among the project's 100 newest alerts. */
  lastRaised: Map<string, number>;
  /** Each rule's newest failed send, if a channel of it is failing. */
  failures: Map<string, AlertDeliveryError>;
}

async function readActivity(rules: AlertRule[]): Promise<RuleActivity> {
  const [alerts, channels] = await Promise.all([
    fetchAlerts({ size: 100 }),
    Promise.all(rules.map((rule) => fetchAlertChannels(rule._id).catch(() => undefined))),
  ]);
  const lastRaised = new Map<string, number>();
  for (const alert of alerts.list) {
    if (!lastRaised.has(alert.rule_id)) lastRaised.set(alert.rule_id, alert.raised_at);
  }
  const failures = new Map<string, AlertDeliveryError>();
  for (const answer of channels) {
    const newest = answer?.errors.toSorted((a, b) => b.at - a.at)[0];
    if (answer && newest) failures.set(answer.rule_id, newest);
  }
  return { lastRaised, failures };
}

/** What the rules did lately, read again whenever the list of rules is. */
export function useRuleActivity(rules: AlertRule[] | undefined): RuleActivity | undefined {
  const [activity, setActivity] = useState<RuleActivity>();
  useEffect(() => {
    if (!rules) return;
    let live = true;
    readActivity(rules).then(
      (read) => live && setActivity(read),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [rules]);
  return activity;
}
