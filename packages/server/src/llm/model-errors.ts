import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { FastifyBaseLogger } from 'fastify';
import type { ModelType } from '@yuqing/core';
import { Refusal, upstreamFailed, upstreamTimeout } from '../refusals.js';

const MODEL_VARIABLES: Record<ModelType, string> = {
  gpt3: 'LLM_MODEL_GPT3',
  gpt4: 'LLM_MODEL_GPT4',
};

/** No language model is configured: the answer names what to set. */
export const modelNotConfigured = () =>
  new Refusal(
    'unavailable',
    '未配置语言模型：请设置环境变量 LLM_BASE_URL、LLM_API_KEY，以及 LLM_MODEL_GPT3 或 LLM_MODEL_GPT4',
  );

/** The model API is configured, but no model name for this request type. */
export const modelTypeNotConfigured = (type: ModelType) =>
  new Refusal('unavailable', `未配置 ${type} 使用的模型：请设置环境变量 ${MODEL_VARIABLES[type]}`);

export const emptyModelAnswer = () => upstreamFailed('语言模型没有返回内容，请稍后重试');

/** Why a model call ended, as the caller and the log need it. */
export interface FailedCall {
  /** The browser went away. */
  cancelled: AbortSignal;
  /** The call's time ran out. */
  deadline: AbortSignal;
  timeoutMs: number;
  apiKey: string;
  log: FastifyBaseLogger;
}

/** Text of the upstream's with the key cut out: some APIs repeat the key they refused. */
const withoutKey = (text: string, apiKey: string) => text.split(apiKey).join('***');

/**
 * A failed model call as the user is told it, in Chinese and never as a 500: the model busy
 * (its 429), out of time, unreachable, or failing with its status. The key is never in either.
 */
export function modelFailure(error: unknown, call: FailedCall): Refusal {
  const status = error instanceof APIError ? error.status : undefined;
  const detail = withoutKey(error instanceof Error ? error.message : String(error), call.apiKey);
  if (call.cancelled.aborted) return new Refusal('cancelled', '请求已取消');
  call.log.warn({ status, detail }, 'language model call failed');
  if (call.deadline.aborted || error instanceof APIConnectionTimeoutError) {
    return upstreamTimeout(
      `语言模型响应超时（${Math.round(call.timeoutMs / 1000)} 秒），请稍后重试`,
    );
  }
  if (status === 429) return new Refusal('unavailable', '语言模型服务繁忙，请稍后重试');
  if (status !== undefined)
    return upstreamFailed(`语言模型服务出错（状态码 ${status}），请稍后重试`);
  if (error instanceof APIConnectionError) {
    return upstreamFailed('无法连接语言模型服务，请检查 LLM_BASE_URL');
  }
  return upstreamFailed('语言模型的回答无法读取，请稍后重试');
}
