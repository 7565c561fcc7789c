import type { Alert, AlertRule } from '@yuqing/core';

/**
 * Hands a new or updated alert to delivery (channels, webhooks, mail). The checker awaits it
 * after the alert is stored; a failure is logged and does not undo the alert.
 */
export type AlertNotifier = (alert: Alert, rule: AlertRule, projectId: string) => Promise<void>;

/** Until delivery is configured, alerts are only listed in the product. */
export const notifyNobody: AlertNotifier = async () => {};
