import type { FastifyBaseLogger } from 'fastify';
import { alertMessage } from '@yuqing/core';
import { userMessageOf } from '../../refusals.js';
import type { DeliveryRow, Store } from '../../store/index.js';
import type { ChannelVault } from './channel-vault.js';
import { DeliveryError } from './delivery-error.js';
import { sendAlert } from './send-alert.js';
import { DrainLoop } from '../../jobs/drain-loop.js';
import type { Destinations } from '../../net/destination.js';

/** Waits before each retry of a send: after the 1st, 2nd and 3rd failed try; then it gives up. */
export const DELIVERY_RETRY_DELAYS_MS = [30_000, 120_000, 600_000] as const;

/** Ended sends are kept this long: a channel's last error shows on its rule until then. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;

export interface AlertDeliveryWorkerOptions {
  /** How often the queue is looked at for sends queued by other servers and retries due. */
  pollMs?: number;
  /** A send not finished within this is taken up by another worker. */
  leaseMs?: number;
  /** The clock; tests move it to reach a retry. */
  now?: () => Date;
  /** How often ended sends past `DELIVERY_RETENTION_MS` are deleted. */
  sweepMs?: number;
}

/**
 * Sends queued alert messages one at a time: claims a due send with a lease, sends it through
 * its channel, and records it sent, due again after a backoff (5xx, timeouts), or failed for good
 * (4xx, refusals, tries used up).
 */
export class AlertDeliveryWorker {
  private readonly leaseMs: number;
  private readonly now: () => Date;
  private readonly sweepMs: number;
  private readonly loop: DrainLoop;
  private lastSweep = -Infinity;

  constructor(
    private readonly store: Store,
    private readonly vault: ChannelVault,
    private readonly destinations: Destinations,
    private readonly log: FastifyBaseLogger,
    options: AlertDeliveryWorkerOptions = {},
  ) {
    this.loop = new DrainLoop(() => this.drain(), options.pollMs ?? 5_000);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.now = options.now ?? (() => new Date());
    this.sweepMs = options.sweepMs ?? 3_600_000;
  }

  start(): void {
    this.loop.start();
  }

  /** Looks at the queue now (or right after the current pass). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves when nothing due is left for this worker. */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async drain(): Promise<void> {
    try {
      await this.sweep();
      while (!this.loop.stopped) {
        const now = this.now();
        const send = await this.store.alertDeliveries.claim(
          now,
          new Date(now.getTime() + this.leaseMs),
        );
        if (!send) return;
        await this.deliver(send);
      }
    } catch (error) {
      this.log.error(error, 'alert delivery queue failed');
    }
  }

  private async deliver(send: DeliveryRow): Promise<void> {
    try {
      const channel = await this.store.alertChannels.find(send.channel_id);
      if (!channel) return;
      await sendAlert(
        this.vault.openConfig(channel.sealed),
        alertMessage.parse(send.message),
        this.destinations,
      );
      await this.store.alertDeliveries.markSent(send.id, this.now());
    } catch (error) {
      const known = error instanceof DeliveryError;
      const shown = known ? error.message : userMessageOf(error);
      if (shown === undefined) this.log.error(error, 'alert delivery failed');
      const delay = DELIVERY_RETRY_DELAYS_MS[send.attempts - 1];
      const retryAt =
        known && error.retryable && delay !== undefined
          ? new Date(this.now().getTime() + delay)
          : undefined;
      await this.store.alertDeliveries.markFailed(
        send.id,
        shown ?? '发送出错，请查看服务器日志',
        retryAt,
      );
    }
  }

  private async sweep(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastSweep < this.sweepMs) return;
    this.lastSweep = now;
    await this.store.alertDeliveries.removeEnded(new Date(now - DELIVERY_RETENTION_MS));
  }
}
