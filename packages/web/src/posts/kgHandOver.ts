import { post, type Post } from '@yuqing/core';
import { currentT } from '../i18n/useT';

/**
 * Local-storage key of the post handed to the tagging tool (#/kg). A card's 标注 action writes
 * the post here as JSON and opens #/kg in a new tab; the tool reads it when it opens. Local
 * storage, not session storage: a new tab has its own session storage.
 */
export const KG_POST_KEY = 'yuqing.kg.post';

/** Writes the post for the tagging tool and opens it in a new tab of the same project path. */
export function openInKg(item: Post, storage: Storage = localStorage): void {
  storage.setItem(KG_POST_KEY, JSON.stringify(item));
  const { pathname, search } = window.location;
  window.open(`${pathname}${search}#/kg`, '_blank', 'noopener');
}

/**
 * The post handed over, if any. A stored value that is not JSON or not a post throws, with a
 * message the tool shows (spec 8).
 */
export function readKgPost(storage: Storage = localStorage): Post | undefined {
  const raw = storage.getItem(KG_POST_KEY);
  if (raw === null) return undefined;
  const parsed = post.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const t = currentT();
    throw new Error(
      t('传入的数据不是有效的文章：{path} {message}', {
        path: issue?.path.join('.') ?? '',
        message: issue?.message ?? '',
      }),
    );
  }
  return parsed.data;
}
