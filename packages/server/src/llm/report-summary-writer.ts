import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import {
  briefPromptValues,
  checkBrief,
  fillPrompt,
  type BriefSource,
  type CheckedBrief,
  type PromptInput,
} from '@yuqing/core';
import type { ChatModel } from './chat-model.js';

/** Briefs kept: the same prompt over the same sources is written once. */
const CACHED_BRIEFS = 500;

/**
 * The AI report's brief as the language model writes it from numbered sources (the page's figures
 * and its top posts) with the project's brief prompt, checked before it is shown: sentences that
 * state numbers the sources do not hold are dropped, citations of sources it was not given go.
 */
export class ReportSummaryWriter {
  private readonly written = new LRUCache<string, CheckedBrief>({ max: CACHED_BRIEFS });

  constructor(private readonly model: ChatModel) {}

  async write(
    prompt: PromptInput,
    sources: readonly BriefSource[],
    cancelled: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<CheckedBrief> {
    const messages = fillPrompt(prompt.prompt, briefPromptValues(sources));
    const key = JSON.stringify([messages, prompt.temperature]);
    const cached = this.written.get(key);
    if (cached) return cached;
    const text = await this.model.chat(
      { type: this.model.defaultType, messages, temperature: prompt.temperature },
      cancelled,
      log,
    );
    const checked = checkBrief(text, {
      sources: sources.map((source) => source.n),
      texts: sources.map((source) => source.text),
    });
    this.written.set(key, checked);
    return checked;
  }
}
