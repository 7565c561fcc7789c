import { randomUUID } from 'node:crypto';
import type { Store } from '../store/index.js';
import type { AlertChecker } from './checker.js';

export interface AlertSchedulerOptions {
  /** How often due rules are looked for. */
  pollMs?: number;
  /** A claimed rule is another server's to take after this long (a server that stopped). */
  leaseMs?: number;
  clock?: () => number;
  /**
   * Awaited before each rule is claimed, so that a round's store work (on the embedded PGlite,
   * in this process's thread) waits for the pages users wait on, as its engine calls do.
   */
  giveWay?: () => Promise<void>;
  logError?: (error: unknown, message: string) => void;
}

/**
 * Checks due rules in the server process, one at a time: each is claimed from the store with a
 * lease (so servers sharing a database never check a rule twice for one due time), checked, and
 * given its next due time.
 */
export class AlertScheduler {
  readonly owner = randomUUID();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly clock: () => number;
  private readonly logError: (error: unknown, message: string) => void;
  private readonly giveWay: () => Promise<void>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly checker: AlertChecker,
    options: AlertSchedulerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.clock = options.clock ?? Date.now;
    this.logError = options.logError ?? (() => {});
    this.giveWay = options.giveWay ?? (async () => {});
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }

  private wake(): void {
    if (this.stopped || this.running) return;
    this.running = this.runDue()
      .catch((error: unknown) => this.logError(error, 'alert rules were not checked'))
      .finally(() => (this.running = undefined));
  }

  /** Checks every rule due now that no other server holds; answers the ids of those checked. */
  async runDue(): Promise<string[]> {
    const checked: string[] = [];
    while (!this.stopped) {
      await this.giveWay();
      const now = this.clock();
      const claimed = await this.store.alertRules.claimDue(this.owner, now, this.leaseMs);
      if (!claimed) break;
      try {
        await this.checker.check(claimed.projectId, claimed.rule, now);
      } catch (error) {
        this.logError(error, `alert rule ${claimed.rule._id} failed its check`);
      }
      await this.store.alertRules.finishCheck(claimed.rule._id, this.owner, now);
      checked.push(claimed.rule._id);
    }
    return checked;
  }
}
