import type { JobKindName, JobRow } from '../store/index.js';

/** How often a kind's job is tried, and how long it waits before each retry. */
export interface RetryPolicy {
  /** Tries in all, the first included; a run cut off by a stopped server counts too. */
  attempts: number;
  /** The wait before the next try after `attempt` (1 for the first) failed. */
  backoffMs(attempt: number): number;
}

/** Waits `firstMs` after the first failed try, doubling after each further one. */
export const exponentialBackoff = (attempts: number, firstMs: number): RetryPolicy => ({
  attempts,
  backoffMs: (attempt) => firstMs * 2 ** (attempt - 1),
});

/**
 * A recurring job's retries: a minute after its first failed run, then 2, 4, 8 and every 15
 * minutes, for decades (the attempts column is a 4-byte integer): its runs never end on their
 * own, however long an outage lasts.
 */
export const RECURRING_RETRY: RetryPolicy = {
  attempts: 1_000_000,
  backoffMs: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 15 * 60_000),
};

/** What a handler is given for one run of a job. */
export interface JobRun<P> {
  id: string;
  payload: P;
  /** What the last run recorded with `recordProgress`, if any: a resumed job goes on from it. */
  progress: unknown;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the server stops or the lease is lost: the handler stops soon after. */
  signal: AbortSignal;
  /** The runner's clock. */
  now(): Date;
  recordProgress(progress: unknown): Promise<void>;
}

/** A kind of background work: its handler and retry policy, registered with the JobRunner. */
export interface JobKind<P = unknown> {
  name: JobKindName;
  retry: RetryPolicy;
  /** Whether a failure is worth another try; every one is when not given. */
  retryable?(error: unknown): boolean;
  /** The error recorded for a failure, in Chinese: what the pages show. */
  describe(error: unknown): string;
  /** The error recorded when runs kept being cut off until no try was left. */
  interrupted: string;
  /** A recurring job answers when it is due again; any other is done once its run ends. */
  run(job: JobRun<P>): Promise<{ nextRunAt: Date } | void>;
  /** Awaited before each claim (alert checks wait for the pages users wait on). */
  beforeClaim?(): Promise<void>;
  /** Hears a failed try: tried again at `retryAt`, or failed for good when there is none. */
  failed?(job: JobRow, error: string, retryAt: Date | undefined): Promise<void>;
  /** Deletes the kind's own rows past their retention; called with the runner's sweep. */
  sweep?(now: Date): Promise<void>;
}

/** Types a kind's payload once, where it is defined; the runner takes any kind. */
export const defineJobKind = <P>(kind: JobKind<P>): JobKind => kind as JobKind;
