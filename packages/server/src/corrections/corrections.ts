import {
  SENTIMENT_EVAL_MAX_TEXT,
  type CorrectionMarks,
  type Post,
  type PostCorrectionAnswer,
  type PostCorrectionRequest,
} from '@yuqing/core';
import type { EngineScope, PostCorrectionValues, PostsEngine } from '../engine/types.js';
import { CORRECT_BATCH } from '../engine/corrected-values.js';
import { notFound } from '../refusals.js';
import type { Store, StoredCorrection } from '../store/index.js';

/**
 * Corrections of posts (issue 25). The metadata store holds them (`post_corrections`) and is the
 * source of truth; the posts engine holds their values on the stored posts, so every widget counts
 * them at once (each engine write changes its write generation, which clears the answer caches).
 * An import replaces a corrected post with the machine's values and a re-tag rewrites posts, so
 * both are followed by `reapplyCorrections`.
 */

/** Work on one project's corrections, one at a time per engine and project. */
const queues = new WeakMap<PostsEngine, Map<string, Promise<unknown>>>();

function serialized<T>(engine: PostsEngine, projectId: string, task: () => Promise<T>): Promise<T> {
  let projects = queues.get(engine);
  if (!projects) queues.set(engine, (projects = new Map()));
  const last = projects.get(projectId) ?? Promise.resolve();
  const next = last.then(task, task);
  const settled = next.catch(() => undefined);
  projects.set(projectId, settled);
  void settled.then(() => {
    if (projects.get(projectId) === settled) projects.delete(projectId);
  });
  return next;
}

/** The text the machine classifies of a post (as enrichment does): title, then text or body. */
export const classifiedText = (post: Pick<Post, 'title' | 'text' | 'body'>) =>
  `${post.title}\n${post.text || post.body}`.slice(0, SENTIMENT_EVAL_MAX_TEXT);

/** Each post's corrections as the values the engine sets. */
export function correctionValuesOf(
  corrections: readonly Pick<StoredCorrection, 'postId' | 'field' | 'personValue' | 'by' | 'at'>[],
): PostCorrectionValues[] {
  const byPost = new Map<string, PostCorrectionValues>();
  for (const correction of corrections) {
    let values = byPost.get(correction.postId);
    if (!values) byPost.set(correction.postId, (values = { _id: correction.postId, marks: {} }));
    const mark = { by: correction.by, at: correction.at };
    if (correction.field === 'sentiment') {
      values.tendency = correction.personValue as PostCorrectionValues['tendency'];
      values.marks.sentiment = mark;
    } else {
      values.notDuplicate = true;
      values.marks.duplicate = mark;
    }
  }
  return [...byPost.values()];
}

export interface CorrectionActor {
  id: string | null;
  username: string;
}

/** What a correction did: stored, and the post as it was just before. */
export interface CorrectionDone {
  answer: PostCorrectionAnswer;
  before: Post;
}

/**
 * Corrects one post: its values set on the stored post (with the post's other corrections), then
 * the correction stored, keeping the machine's value of the post's first correction of the field.
 * A post the project does not have is a 404, and nothing is stored.
 */
export function correctPost(
  store: Store,
  engine: PostsEngine,
  scope: EngineScope,
  request: PostCorrectionRequest,
  actor: CorrectionActor,
): Promise<CorrectionDone> {
  return serialized(engine, scope.projectId, async () => {
    const at = new Date();
    const personValue = request.field === 'sentiment' ? request.value : 'NO';
    const earlier = await store.postCorrections.ofPosts(scope.projectId, [request._id]);
    const others = earlier.filter((correction) => correction.field !== request.field);
    const [values] = correctionValuesOf([
      ...others,
      {
        postId: request._id,
        field: request.field,
        personValue,
        by: actor.username,
        at: at.toISOString(),
      },
    ]);
    const [before] = await engine.correct(scope, [values!]);
    if (!before) throw notFound('帖子不存在或已被删除');
    const first = earlier.find((correction) => correction.field === request.field);
    const saved = await store.postCorrections.save(scope.projectId, {
      postId: request._id,
      field: request.field,
      machineValue:
        first?.machineValue ??
        (request.field === 'sentiment' ? before.tendency : before.water_post),
      personValue,
      postText: classifiedText(before),
      actor,
      at,
    });
    const corrected: CorrectionMarks = values!.marks;
    return {
      answer: {
        correction: {
          postId: saved.postId,
          field: saved.field,
          machineValue: saved.machineValue,
          personValue: saved.personValue,
          by: saved.by,
          at: saved.at,
        },
        post: {
          _id: request._id,
          tendency: values!.tendency ?? before.tendency,
          water_post: values!.notDuplicate ? 'NO' : before.water_post,
          corrected,
        },
      },
      before,
    };
  });
}

/**
 * Sets the project's corrections again on its stored posts, after an import (which replaces a
 * corrected post with the machine's values) or a re-tag: every corrected post, in batches; the
 * engine writes only posts that lack them. Answers how many corrected posts it looked at.
 */
export function reapplyCorrections(
  store: Store,
  engine: PostsEngine,
  scope: EngineScope,
): Promise<number> {
  return serialized(engine, scope.projectId, async () => {
    let after = '';
    let posts = 0;
    for (;;) {
      const ids = await store.postCorrections.postIds(scope.projectId, after, CORRECT_BATCH);
      if (ids.length === 0) return posts;
      const corrections = await store.postCorrections.ofPosts(scope.projectId, ids);
      await engine.correct(scope, correctionValuesOf(corrections));
      posts += ids.length;
      after = ids.at(-1)!;
    }
  });
}
