import { randomUUID } from 'node:crypto';
import type { JobKindName, JobRow, Store } from '../store/index.js';
import { DrainLoop } from './drain-loop.js';
import type { JobKind } from './job-kind.js';

export interface JobRunnerOptions {
  /** One embedded server: jobs left running were this process's, so they are taken up at once. */
  embedded?: boolean;
  /** How often the queue is looked at for jobs queued by other servers and retries due. */
  pollMs?: number;
  /** A running job whose lease ran out (its server stopped) is taken up by another runner. */
  leaseMs?: number;
  /** How often a running job's lease is extended. */
  heartbeatMs?: number;
  /** How often ended jobs past `retentionMs` are deleted, with each kind's own sweep. */
  sweepMs?: number;
  retentionMs?: number;
  /** Epoch milliseconds; tests move it to reach a retry or a lapsed lease. */
  clock?: () => number;
  logError?: (error: unknown, message: string) => void;
}

/** Ended jobs are kept this long: a re-tag's outcome shows until then. */
export const JOB_RETENTION_MS = 30 * 86_400_000;

interface Lane {
  kind: JobKind;
  loop: DrainLoop;
  lastSweep: number;
}

/**
 * Runs the background work of every registered kind from the `jobs` table: each kind in a lane of
 * its own (one job at a time, so a long download never holds up an alert's send), claimed with a
 * lease that a heartbeat extends while the handler runs, retried with its kind's backoff, recorded
 * done or failed. Woken when a job is queued; also polls, since another server may have queued it.
 */
export class JobRunner {
  readonly owner = randomUUID();
  private readonly lanes = new Map<JobKindName, Lane>();
  private readonly running = new Set<AbortController>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly sweepMs: number;
  private readonly retentionMs: number;
  private readonly clock: () => number;
  private readonly logError: (error: unknown, message: string) => void;

  constructor(
    private readonly store: Store,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? this.leaseMs / 4;
    this.sweepMs = options.sweepMs ?? 3_600_000;
    this.retentionMs = options.retentionMs ?? JOB_RETENTION_MS;
    this.clock = options.clock ?? Date.now;
    this.logError = options.logError ?? (() => {});
  }

  register(kind: JobKind): this {
    const lane: Lane = {
      kind,
      loop: new DrainLoop(() => this.drain(lane), this.pollMs),
      lastSweep: -Infinity,
    };
    this.lanes.set(kind.name, lane);
    return this;
  }

  async start(): Promise<void> {
    if (this.options.embedded) await this.store.jobs.release(undefined, this.now());
    for (const lane of this.lanes.values()) lane.loop.start();
  }

  /** Looks at the kind's queue now (or right after its current job). */
  wake(kind: JobKindName): void {
    this.lanes.get(kind)?.loop.wake();
  }

  /** Resolves when no lane has anything left it could claim. */
  async idle(): Promise<void> {
    for (const lane of this.lanes.values()) await lane.loop.idle();
  }

  /** Stops claiming, stops the running handlers and gives their jobs back to the queue. */
  async stop(): Promise<void> {
    const stopped = [...this.lanes.values()].map((lane) => lane.loop.stop());
    for (const run of this.running) run.abort();
    await Promise.all(stopped);
    await this.store.jobs.release(this.owner, this.now());
  }

  private now(): Date {
    return new Date(this.clock());
  }

  private async drain(lane: Lane): Promise<void> {
    const { kind, loop } = lane;
    try {
      await this.sweep(lane);
      while (!loop.stopped) {
        await kind.beforeClaim?.();
        const now = this.clock();
        const job = await this.store.jobs.claim(kind.name, kind.retry.attempts, new Date(now), {
          owner: this.owner,
          until: new Date(now + this.leaseMs),
        });
        // Claimed as the server began to stop: stop() gives it back.
        if (!job || loop.stopped) return;
        await this.run(kind, job);
      }
    } catch (error) {
      this.logError(error, `${kind.name} jobs failed`);
    }
  }

  private async run(kind: JobKind, job: JobRow): Promise<void> {
    const run = new AbortController();
    this.running.add(run);
    const beat = setInterval(() => {
      const lease = { owner: this.owner, until: new Date(this.clock() + this.leaseMs) };
      this.store.jobs.extendLease(job.id, lease).then(
        (held) => held || run.abort(),
        () => {},
      );
    }, this.heartbeatMs);
    try {
      const ended = await kind.run({
        id: job.id,
        payload: job.payload,
        progress: job.progress,
        attempt: job.attempts,
        signal: run.signal,
        now: () => this.now(),
        recordProgress: (progress) => this.store.jobs.recordProgress(job.id, this.owner, progress),
      });
      // Stopped midway: the job goes back to the queue (stop), or is another runner's now.
      if (run.signal.aborted) return;
      if (ended) await this.store.jobs.reschedule(job.id, this.owner, ended.nextRunAt, this.now());
      else await this.store.jobs.succeed(job.id, this.owner, this.now());
    } catch (error) {
      if (run.signal.aborted) return;
      await this.fail(kind, job, error);
    } finally {
      clearInterval(beat);
      this.running.delete(run);
    }
  }

  private async fail(kind: JobKind, job: JobRow, error: unknown): Promise<void> {
    const message = kind.describe(error);
    const retries = job.attempts < kind.retry.attempts && (kind.retryable?.(error) ?? true);
    const retryAt = retries
      ? new Date(this.clock() + kind.retry.backoffMs(job.attempts))
      : undefined;
    await this.store.jobs.fail(job.id, this.owner, message, retryAt, this.now());
    await kind.failed?.(job, message, retryAt);
  }

  /** Ends the kind's jobs cut off too often; now and then, deletes old ended ones. */
  private async sweep(lane: Lane): Promise<void> {
    const { kind } = lane;
    const now = this.clock();
    const lapsed = await this.store.jobs.failLapsed(
      kind.name,
      kind.retry.attempts,
      new Date(now),
      kind.interrupted,
    );
    for (const job of lapsed) await kind.failed?.(job, job.error ?? kind.interrupted, undefined);
    if (now - lane.lastSweep < this.sweepMs) return;
    lane.lastSweep = now;
    await this.store.jobs.prune(kind.name, new Date(now - this.retentionMs));
    await kind.sweep?.(new Date(now));
  }
}
