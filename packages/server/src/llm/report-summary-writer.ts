import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatModel } from './chat-model.js';

const INSTRUCTIONS =
  '你是舆情分析师。请根据用户给出的统计数字，用中文写 2 到 4 句舆情摘要，' +
  '指出声量、情感和互动的变化以及值得关注之处。只使用给出的数字，不要编造或推算其他数字；' +
  '不要使用 Markdown、标题或列表。';

/** Summaries kept: the same numbers are summarised once. */
const CACHED_SUMMARIES = 500;

/**
 * The AI report's summary written by the language model from the rule-based summary's lines,
 * which carry every number the page shows; the same lines give the same summary from the cache.
 */
export class ReportSummaryWriter {
  private readonly written = new LRUCache<string, string[]>({ max: CACHED_SUMMARIES });

  constructor(private readonly model: ChatModel) {}

  async write(
    numbers: readonly string[],
    cancelled: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<string[]> {
    const key = numbers.join('\n');
    const cached = this.written.get(key);
    if (cached) return cached;
    const text = await this.model.chat(
      {
        type: this.model.defaultType,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: key },
        ],
        temperature: 0.3,
      },
      cancelled,
      log,
    );
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    this.written.set(key, lines);
    return lines;
  }
}
