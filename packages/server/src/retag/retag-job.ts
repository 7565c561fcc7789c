import { emptyTagRules } from '@yuqing/core';
import { messageOf } from '../refusals.js';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { storedTagsOf } from '../ingest/import-tagging.js';
import { reapplyCorrections } from '../corrections/corrections.js';
import type { Store } from '../store/index.js';
import { compileMatcher } from '../tagging/compile-matcher.js';
import { defineJobKind } from '../jobs/job-kind.js';

/** How far a re-tag got: what the progress answer shows, and where a new run goes on. */
export interface RetagProgress {
  /** The last _id written. */
  after?: string;
  done: number;
  total: number;
  /** When the rules it tags by were replaced; other rules start again from the first post. */
  rulesUpdatedAt: string | null;
}

/**
 * A re-tag of a project's stored posts as a job kind: the engine rewrites batch by batch
 * (PostsEngine.retag), each batch atomic, and the job records the last _id written after each,
 * so a run cut off (a stopped server) goes on after it with the same rules; rules replaced
 * meanwhile start it again from the first post. A failure is shown at once, not retried: started
 * again, the job resumes.
 */
export function retagJobKind({ engine, store }: { engine: PostsEngine; store: Store }) {
  return defineJobKind<EngineScope>({
    name: 'retag',
    retry: { attempts: 3, backoffMs: () => 0 },
    retryable: () => false,
    describe: (error) => `重新标注失败: ${messageOf(error)}`,
    interrupted: '重新标注多次中断，已停止',
    async run({ payload: scope, progress: recorded, signal, recordProgress }) {
      const stored = await store.taggingRules.get(scope.projectId);
      const rulesUpdatedAt = stored?.updatedAt ?? null;
      let progress = recorded as RetagProgress;
      if (progress.rulesUpdatedAt !== rulesUpdatedAt) {
        progress = { done: 0, total: progress.total, rulesUpdatedAt };
        await recordProgress(progress);
      }
      const matcher = compileMatcher(stored?.rules ?? emptyTagRules());
      await engine.retag(scope, (post) => storedTagsOf(post, matcher), {
        after: progress.after,
        signal,
        onBatch: async (batch) => {
          const done = Math.min(progress.total, progress.done + batch.posts);
          progress = { ...progress, after: batch.lastId, done };
          await recordProgress(progress);
        },
      });
      // A re-tag rewrites posts: people's corrections are set again on any it changed.
      await reapplyCorrections(store, engine, scope);
      await recordProgress({ ...progress, done: progress.total });
    },
  });
}
