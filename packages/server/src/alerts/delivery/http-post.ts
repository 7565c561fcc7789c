import { DeliveryError } from './delivery-error.js';

/** How long a channel's server has to answer a send. */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * POSTs JSON and answers the parsed answer of a 2xx. The address is never part of an error: a
 * robot's address carries its token. 5xx, 429, timeouts and unreachable servers may be tried
 * again; any other answer is final.
 */
export async function postJson(
  channel: string,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new DeliveryError(`${channel}无法连接：${reasonOf(error)}`, true);
  }
  if (!response.ok) {
    await response.body?.cancel();
    const retryable = response.status >= 500 || response.status === 429;
    // Only the status: an answer's body may be another server's data, not the admin's to read.
    throw new DeliveryError(`${channel}返回 HTTP ${response.status}`, retryable);
  }
  const answer = await response.text().catch(() => '');
  try {
    return answer ? JSON.parse(answer) : undefined;
  } catch {
    return answer;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `${SEND_TIMEOUT_MS / 1000} 秒内没有应答`;
  }
  // Only the code: a message may quote the address.
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return (code && NETWORK_REASONS[code]) ?? (code ? `网络错误 ${code}` : '网络错误');
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝（ECONNREFUSED）',
  ECONNRESET: '连接被重置（ECONNRESET）',
  ENOTFOUND: '域名无法解析（ENOTFOUND）',
  EAI_AGAIN: '域名暂时无法解析（EAI_AGAIN）',
  ETIMEDOUT: '连接超时（ETIMEDOUT）',
  EHOSTUNREACH: '主机不可达（EHOSTUNREACH）',
};
