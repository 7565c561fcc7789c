/**
 * Runs a queue's `drain` pass on a timer and whenever woken, never two passes at once: a wake
 * during a pass runs one more pass after it. The job runner's lanes (one a kind of job) claim their
 * jobs inside `drain` and look at `stopped` between jobs.
 */
export class DrainLoop {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private isStopped = false;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly pollMs: number,
  ) {}

  get stopped(): boolean {
    return this.isStopped;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks at the queue now (or right after the current pass). */
  wake(): void {
    if (this.isStopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves when a pass finds nothing left to claim. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Stops waking; resolves when the current pass has ended. */
  async stop(): Promise<void> {
    this.isStopped = true;
    clearInterval(this.timer);
    await this.draining?.catch(() => {});
  }
}
