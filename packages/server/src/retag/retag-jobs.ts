import { IDLE_RETAG, RETAG_RUNNING, emptyTagRules, type RetagStatus } from '@yuqing/core';
import { conflict } from '../refusals.js';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { storedTagsOf } from '../ingest/import-tagging.js';
import { reapplyCorrections } from '../corrections/corrections.js';
import type { Store } from '../store/index.js';
import { compileMatcher } from '../tagging/compile-matcher.js';

interface RetagJob {
  status: RetagStatus;
  /** The last _id written: a failed job started again goes on after it. */
  after?: string;
  /** When the rules it tags by were replaced; other rules start again from the first post. */
  rulesUpdatedAt: string | null;
  finished: Promise<void>;
  stop: AbortController;
}

/**
 * Re-tags of projects' stored posts after a rule change, one at a time per project, in the
 * server's process: the engine rewrites batch by batch (PostsEngine.retag), each batch atomic,
 * and the job counts what is written. The rules are read and compiled once when a job starts. A
 * failed job started again resumes after its last batch (with the same rules); after a restart
 * of the server a job starts from the first post again, which gives the same tags.
 */
export class RetagJobs {
  private readonly jobs = new Map<string, RetagJob>();

  constructor(
    private readonly engine: PostsEngine,
    private readonly store: Store,
  ) {}

  statusOf(projectId: string): RetagStatus {
    return this.jobs.get(projectId)?.status ?? IDLE_RETAG;
  }

  /** Starts a re-tag of the project's posts; refused (409) while one runs. */
  async start(scope: EngineScope): Promise<RetagStatus> {
    const previous = this.jobs.get(scope.projectId);
    if (previous?.status.state === 'running') throw conflict(RETAG_RUNNING);
    // Registered before anything is awaited: a second start meanwhile is refused.
    const job: RetagJob = {
      status: { state: 'running', done: 0, total: 0, error: null },
      rulesUpdatedAt: null,
      finished: Promise.resolve(),
      stop: new AbortController(),
    };
    this.jobs.set(scope.projectId, job);
    const prepared = this.prepare(scope, job, previous);
    job.finished = prepared
      .then((matcher) =>
        this.engine.retag(scope, (post) => storedTagsOf(post, matcher), {
          after: job.after,
          signal: job.stop.signal,
          onBatch: (batch) => {
            job.after = batch.lastId;
            const done = Math.min(job.status.total, job.status.done + batch.posts);
            job.status = { ...job.status, done };
          },
        }),
      )
      // A re-tag rewrites posts: people's corrections are set again on any it changed.
      .then(() => reapplyCorrections(this.store, this.engine, scope))
      .then(
        () => void (job.status = { ...job.status, state: 'done', done: job.status.total }),
        (error: unknown) =>
          void (job.status = {
            ...job.status,
            state: 'failed',
            error: `重新标注失败: ${(error as Error).message}`,
          }),
      );
    await prepared.catch(() => undefined);
    return job.status;
  }

  /**
   * Reads the rules and counts the posts; a failed job of the same rules is resumed after its
   * last batch. Answers the compiled rules.
   */
  private async prepare(scope: EngineScope, job: RetagJob, previous: RetagJob | undefined) {
    const stored = await this.store.taggingRules.get(scope.projectId);
    job.rulesUpdatedAt = stored?.updatedAt ?? null;
    const total = await this.engine.count(scope, {});
    const resumes =
      previous?.status.state === 'failed' && previous.rulesUpdatedAt === job.rulesUpdatedAt;
    job.after = resumes ? previous.after : undefined;
    job.status = {
      ...job.status,
      total,
      done: resumes ? Math.min(total, previous.status.done) : 0,
    };
    return compileMatcher(stored?.rules ?? emptyTagRules());
  }

  /** Resolves when the project's job (if any) has finished, either way. */
  settled(projectId: string): Promise<void> {
    return this.jobs.get(projectId)?.finished ?? Promise.resolve();
  }

  /** Stops every running job before its next batch, and waits for them. */
  async stop(): Promise<void> {
    for (const job of this.jobs.values()) job.stop.abort();
    await Promise.all([...this.jobs.values()].map((job) => job.finished));
  }
}
