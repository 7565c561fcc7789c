import { IDLE_RETAG, RETAG_RUNNING, type RetagStatus } from '@yuqing/core';
import { conflict } from '../refusals.js';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import type { JobRow, Store } from '../store/index.js';
import type { RetagProgress } from './retag-job.js';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Re-tags of projects' stored posts after a rule change, as jobs of the job runner (retag-job.ts):
 * one at a time per project, across servers. A failed job started again with the same rules
 * resumes after its last batch; the total is counted when a job starts.
 */
export class RetagJobs {
  /** Projects whose start is between its first read and its job's insert. */
  private readonly starting = new Set<string>();

  constructor(
    private readonly engine: PostsEngine,
    private readonly store: Store,
    private readonly wake: () => void,
  ) {}

  async statusOf(projectId: string): Promise<RetagStatus> {
    const job = await this.store.jobs.latest('retag', projectId);
    return job ? statusOfJob(job) : IDLE_RETAG;
  }

  /** Starts a re-tag of the project's posts; refused (409) while one runs. */
  async start(scope: EngineScope): Promise<RetagStatus> {
    const { projectId } = scope;
    if (this.starting.has(projectId)) throw conflict(RETAG_RUNNING);
    this.starting.add(projectId);
    try {
      const previous = await this.store.jobs.latest('retag', projectId);
      if (previous && isPending(previous)) throw conflict(RETAG_RUNNING);
      const rulesUpdatedAt = (await this.store.taggingRules.get(projectId))?.updatedAt ?? null;
      const total = await this.engine.count(scope, {});
      const last = previous?.progress as RetagProgress | undefined;
      const resumes = previous?.status === 'failed' && last?.rulesUpdatedAt === rulesUpdatedAt;
      const progress: RetagProgress = resumes
        ? { after: last.after, done: Math.min(total, last.done), total, rulesUpdatedAt }
        : { done: 0, total, rulesUpdatedAt };
      await this.store.jobs
        .enqueue({
          kind: 'retag',
          projectId,
          // Another server's start of the same project is refused by the key.
          key: `retag:${projectId}`,
          payload: scope,
          progress,
          runAt: new Date(),
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(RETAG_RUNNING) : error;
        });
      this.wake();
      return { state: 'running', done: progress.done, total, error: null };
    } finally {
      this.starting.delete(projectId);
    }
  }
}

const isPending = (job: JobRow) => job.status === 'queued' || job.status === 'running';

function statusOfJob(job: JobRow): RetagStatus {
  const { done, total } = job.progress as RetagProgress;
  if (isPending(job)) return { state: 'running', done, total, error: null };
  if (job.status === 'done') return { state: 'done', done: total, total, error: null };
  return { state: 'failed', done, total, error: job.error };
}
