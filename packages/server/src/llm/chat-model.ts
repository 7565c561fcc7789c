import OpenAI from 'openai';
import type { FastifyBaseLogger } from 'fastify';
import type { GptRequest, ModelType } from '@yuqing/core';
import type { LlmConfig } from '../config.js';
import { emptyModelAnswer, modelFailure, modelTypeNotConfigured } from './model-errors.js';

/**
 * The OpenAI-compatible chat API of POST /gpt. A call has `timeoutMs` in all, retries at most
 * once (the model's 429, 5xx, a dropped connection) and stops when `cancelled` fires.
 */
export class ChatModel {
  private readonly client: OpenAI;

  constructor(
    private readonly config: LlmConfig,
    private readonly timeoutMs: number,
  ) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      timeout: timeoutMs,
      maxRetries: 1,
      // Failures are logged by modelFailure, without the key; the package's own log stays off.
      logLevel: 'off',
    });
  }

  /** The request type a feature of the server's own uses: gpt3 when configured, else gpt4. */
  get defaultType(): ModelType {
    return this.config.models.gpt3 ? 'gpt3' : 'gpt4';
  }

  /** The model's text for a conversation. */
  async chat(
    { type, messages, temperature }: GptRequest,
    cancelled: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<string> {
    const model = this.config.models[type];
    if (!model) throw modelTypeNotConfigured(type);
    // The package's timeout is per attempt; the deadline holds the retry to the same 90 s.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create(
        { model, messages, ...(temperature !== undefined && { temperature }) },
        { signal: AbortSignal.any([cancelled, deadline]) },
      );
      content = completion.choices[0]?.message.content;
    } catch (error) {
      throw modelFailure(error, {
        cancelled,
        deadline,
        timeoutMs: this.timeoutMs,
        apiKey: this.config.apiKey,
        log,
      });
    }
    if (!content) throw emptyModelAnswer();
    return content;
  }
}
