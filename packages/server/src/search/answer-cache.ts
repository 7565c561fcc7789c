import { LRUCache } from 'lru-cache';
import stringify from 'safe-stable-stringify';
import type { SearchRequest } from '@yuqing/core';
import type { EngineScope } from '../engine/types.js';

/** Requests answered from the cache and run, since start or within one call. */
export interface CacheTally {
  hits: number;
  misses: number;
}

/** Answers kept at most, and their approximate size in all (JSON characters ≈ bytes). */
const MAX_ANSWERS = 5000;
const MAX_CHARS = 64 * 1024 * 1024;

/**
 * Answers of POST /search bodies by project, time zone and normalised request, shared until the
 * engine's next write: a dashboard's widgets, reopened or asked by several viewers, cost one run.
 * A request asked again while it runs waits for the running one.
 */
export class AnswerCache {
  private readonly answers = new LRUCache<string, { answer: unknown }>({
    max: MAX_ANSWERS,
    maxSize: MAX_CHARS,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.answer)?.length ?? 1),
  });
  private readonly running = new Map<string, Promise<unknown>>();
  private generation = -1;
  readonly tally: CacheTally = { hits: 0, misses: 0 };

  constructor(private readonly writeGeneration: () => number) {}

  /** `tally`, when given, counts this call's hit or miss too (a page's, for its answer). */
  get<T>(
    scope: EngineScope,
    request: SearchRequest,
    run: () => Promise<T>,
    tally?: CacheTally,
  ): Promise<T> {
    const generation = this.writeGeneration();
    if (generation !== this.generation) {
      this.answers.clear();
      this.generation = generation;
    }
    const key = `${scope.projectId}\u0000${scope.timeZone}\u0000${stringify(request)}`;
    const kept = this.answers.get(key) ?? this.running.get(key);
    if (kept) {
      this.tally.hits++;
      if (tally) tally.hits++;
      // Kept under this key: the answer `run` gave for the same request.
      return ('answer' in kept ? Promise.resolve(kept.answer) : kept) as Promise<T>;
    }
    this.tally.misses++;
    if (tally) tally.misses++;
    const answer = run();
    this.running.set(key, answer);
    const settle = () => this.running.delete(key);
    answer.then((value) => {
      settle();
      // A write while it ran may have changed what it read.
      if (this.writeGeneration() === generation) this.answers.set(key, { answer: value });
    }, settle);
    return answer;
  }
}
