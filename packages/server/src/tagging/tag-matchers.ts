import { emptyTagRules } from '@yuqing/core';
import type { Store } from '../store/index.js';
import { compileMatcher, type TagMatcher } from './compile-matcher.js';

/**
 * One compiled matcher per project, built from the store on first use and rebuilt by `reload`.
 * Requests keep using the current matcher while a rebuild runs; the new one is swapped in whole
 * when built, and a rebuild that started earlier never replaces one that started later.
 */
export class TagMatchers {
  private readonly current = new Map<string, { started: number; matcher: TagMatcher }>();
  private readonly firstLoads = new Map<string, Promise<TagMatcher>>();
  private reloads = 0;

  constructor(private readonly store: Store) {}

  async get(projectId: string): Promise<TagMatcher> {
    const current = this.current.get(projectId);
    if (current) return current.matcher;
    let load = this.firstLoads.get(projectId);
    if (!load) {
      load = this.reload(projectId).finally(() => this.firstLoads.delete(projectId));
      this.firstLoads.set(projectId, load);
    }
    return load;
  }

  /** Compiles the project's stored rules (none: an empty matcher) and swaps them in. */
  async reload(projectId: string): Promise<TagMatcher> {
    const started = ++this.reloads;
    const stored = await this.store.taggingRules.get(projectId);
    const matcher = compileMatcher(stored?.rules ?? emptyTagRules());
    const current = this.current.get(projectId);
    if (!current || current.started < started) this.current.set(projectId, { started, matcher });
    return matcher;
  }
}
