import { alertMessage } from '@yuqing/core';
import { userMessageOf } from '../../refusals.js';
import type { Store } from '../../store/index.js';
import { defineJobKind, type RetryPolicy } from '../../jobs/job-kind.js';
import type { Destinations } from '../../net/destination.js';
import type { ChannelVault } from './channel-vault.js';
import { DeliveryError } from './delivery-error.js';
import { sendAlert } from './send-alert.js';

/** Waits before each retry of a send: after the 1st, 2nd and 3rd failed try; then it gives up. */
export const DELIVERY_RETRY_DELAYS_MS = [30_000, 120_000, 600_000] as const;

export const DELIVERY_RETRY: RetryPolicy = {
  attempts: DELIVERY_RETRY_DELAYS_MS.length + 1,
  backoffMs: (attempt) => DELIVERY_RETRY_DELAYS_MS[attempt - 1] ?? 0,
};

/** Ended sends are kept this long: a channel's last error shows on its rule until then. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;

export interface AlertDeliveryDeps {
  store: Store;
  vault: ChannelVault;
  destinations: Destinations;
  logError: (error: unknown, message: string) => void;
}

/**
 * Sends of alert messages as a job kind: a run sends the message through its channel and records
 * it sent; a failure is tried again after a backoff when it may pass (5xx, timeouts), else given
 * up at once (4xx, refusals). The send's state and last error show on its rule.
 */
export function alertDeliveryJobKind({ store, vault, destinations, logError }: AlertDeliveryDeps) {
  return defineJobKind({
    name: 'alert-delivery',
    retry: DELIVERY_RETRY,
    retryable: (error) => error instanceof DeliveryError && error.retryable,
    describe(error) {
      const shown = error instanceof DeliveryError ? error.message : userMessageOf(error);
      if (shown === undefined) logError(error, 'alert delivery failed');
      return shown ?? '发送出错，请查看服务器日志';
    },
    interrupted: '发送多次中断，已停止',
    async run({ id, now }) {
      const send = await store.alertDeliveries.markSending(id, now());
      if (!send) return;
      const channel = await store.alertChannels.find(send.channel_id);
      if (!channel) return;
      await sendAlert(
        vault.openConfig(channel.sealed),
        alertMessage.parse(send.message),
        destinations,
      );
      await store.alertDeliveries.markSent(id, now());
    },
    failed: (job, error, retryAt) =>
      store.alertDeliveries.markFailed(job.id, error, retryAt !== undefined),
    async sweep(now) {
      await store.alertDeliveries.removeEnded(new Date(now.getTime() - DELIVERY_RETENTION_MS));
    },
  });
}
