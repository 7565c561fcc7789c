import { EngineUnavailableError } from '../types.js';

/** ClickHouse's codes for a shard or replica it could not reach or that stopped answering. */
const UNREACHABLE_CODES = new Set(['209', '210', '279', '394']);
/** TIMEOUT_EXCEEDED: a read ran past its max_execution_time. */
const TIMEOUT_CODE = '159';
/** Node's codes for a server this process could not reach. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE']);

/**
 * An error of the ClickHouse client as the engine throws it: an unreachable server or shard, or a
 * read past its time limit, becomes EngineUnavailableError (a 503 with its reason, never an empty answer); any other error
 * is thrown as it is.
 */
export function unavailableOrSelf(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // The client reads the code of current servers' errors; 18.16's it leaves in the message.
  const code = String(
    (error as { code?: unknown }).code ?? /^Code: (\d+)/.exec(error.message)?.[1] ?? '',
  );
  if (UNREACHABLE_CODES.has(code)) return new EngineUnavailableError('有分片无法连接');
  if (code === TIMEOUT_CODE) return new EngineUnavailableError('查询超时');
  if (NETWORK_CODES.has(code) || /socket hang up|Timeout error/i.test(error.message)) {
    return new EngineUnavailableError('ClickHouse 服务器无法连接');
  }
  return error;
}
