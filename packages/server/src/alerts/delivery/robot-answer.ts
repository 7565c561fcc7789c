import { DeliveryError } from './delivery-error.js';

/** Codes of the robots' "too many messages" answers: worth another try later. */
const RATE_LIMITED = new Set([45009, 130101, 11232]);

/**
 * Chat robots answer HTTP 200 with their own code (`errcode` for WeCom and DingTalk, `code` for
 * Feishu); anything but 0 is a refusal.
 */
export function checkRobotAnswer(channel: string, answer: unknown): void {
  const fields = (answer ?? {}) as {
    errcode?: unknown;
    code?: unknown;
    errmsg?: unknown;
    msg?: unknown;
  };
  const code = fields.errcode ?? fields.code;
  if (code === 0) return;
  if (typeof code !== 'number') {
    throw new DeliveryError(`${channel}的应答无法识别`, false);
  }
  const reason = String(fields.errmsg ?? fields.msg ?? '');
  throw new DeliveryError(`${channel}拒绝了消息（${code}）：${reason}`, RATE_LIMITED.has(code));
}
