import { emptyTagRules } from '@yuqing/core';
import { ThreadCalls } from '../jobs/thread-calls.js';
import type { Store } from '../store/index.js';
import {
  NOT_LOADED,
  type Kg2Body,
  type TagsNewBody,
  type TaggerAnswer,
  type TaggerCall,
} from './tagger-calls.js';

/** The version a project without stored rules is tagged with: the empty rules. */
const NO_RULES = 'none';

/**
 * The rule-based tagger of the /tags-api routes. Rules are compiled and texts tagged in a worker
 * thread (tagger-thread.ts) that keeps each project's compiled rules: compiling 9,800 brands took
 * 2.75 s of the server's thread, and tagging a long text seconds. The thread is told a project's
 * rules on first use and when they change: a reload compiles only if the stored version differs
 * from the one the thread holds, and a project's reloads run one at a time.
 */
export class Tagger {
  /** The version of each project's rules the thread holds. */
  private readonly loaded = new Map<string, string>();
  /** Each project's reload in progress; the next one waits for it. */
  private readonly reloads = new Map<string, Promise<string>>();
  private readonly thread = new ThreadCalls<TaggerCall, TaggerAnswer>(
    new URL('./tagger-thread.ts', import.meta.url),
    // A thread that ended (it failed) held rules no more: they are sent again when next asked for.
    { onThreadEnd: () => this.loaded.clear() },
  );

  constructor(private readonly store: Store) {}

  /** tags_new's whole answer (`{ success, data }`) as JSON. */
  tagsNew(projectId: string, request: TagsNewBody): Promise<string> {
    return this.tag(projectId, (version) => ({ op: 'tagsNew', projectId, version, request }));
  }

  /** kg2's whole answer (`{ success, data }`) as JSON. */
  kg2(projectId: string, request: Kg2Body): Promise<string> {
    return this.tag(projectId, (version) => ({ op: 'kg2', projectId, version, request }));
  }

  /**
   * Makes the thread hold the project's stored rules, compiled again if they changed since it was
   * told them. Answers the version held.
   */
  reload(projectId: string): Promise<string> {
    return this.inTurn(projectId, () => this.load(projectId));
  }

  /**
   * Makes the thread hold rules just stored as `version` (their JSON `text`), without reading
   * them back; if they were replaced again meanwhile, the stored ones.
   */
  replaced(projectId: string, version: string, text: string): Promise<string> {
    return this.inTurn(projectId, async () => {
      if ((await this.store.taggingRules.version(projectId)) !== version)
        return this.load(projectId);
      return this.send(projectId, version, text);
    });
  }

  /** Runs a project's loads one at a time, in the order asked. */
  private inTurn(projectId: string, load: () => Promise<string>): Promise<string> {
    const previous = this.reloads.get(projectId) ?? Promise.resolve('');
    const next = previous.catch(() => '').then(load);
    this.reloads.set(projectId, next);
    void next
      .finally(() => {
        if (this.reloads.get(projectId) === next) this.reloads.delete(projectId);
      })
      .catch(() => undefined);
    return next;
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  private async tag(projectId: string, callOf: (version: string) => TaggerCall): Promise<string> {
    // Rules a project has never been tagged with are loaded first; a thread started anew since
    // (it failed) answers NOT_LOADED, and they are sent again once.
    for (let attempt = 0; ; attempt++) {
      const version = this.loaded.get(projectId) ?? (await this.reload(projectId));
      const answer = await this.thread.call(callOf(version));
      if (answer !== NOT_LOADED) return answer as string;
      this.loaded.delete(projectId);
      if (attempt > 0) throw new Error(`标注线程没有项目 ${projectId} 的规则`);
    }
  }

  private async load(projectId: string): Promise<string> {
    const current = (await this.store.taggingRules.version(projectId)) ?? NO_RULES;
    if (this.loaded.get(projectId) === current) return current;
    const stored =
      current === NO_RULES ? undefined : await this.store.taggingRules.getText(projectId);
    // The version read with the text: newer than `current` if replaced in between.
    return this.send(
      projectId,
      stored?.version ?? NO_RULES,
      stored?.text ?? JSON.stringify(emptyTagRules()),
    );
  }

  private async send(projectId: string, version: string, text: string): Promise<string> {
    if (this.loaded.get(projectId) === version) return version;
    await this.thread.call({ op: 'load', projectId, version, text });
    this.loaded.set(projectId, version);
    return version;
  }
}
