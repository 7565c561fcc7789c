/**
 * PostgreSQL errors (SQLSTATE) that mean the request carried data the store refuses. Schemas
 * refuse such input first, naming the field; this is the safety net for what they miss.
 */
const CLIENT_ERRORS: Record<string, { statusCode: number; message: string }> = {
  '22P05': { statusCode: 400, message: '请求包含无法保存的字符' },
  '22021': { statusCode: 400, message: '请求包含无法保存的字符' },
  '22003': { statusCode: 400, message: '请求中的数值超出范围' },
  '22P02': { statusCode: 400, message: '请求中的值格式不正确' },
  '23505': { statusCode: 409, message: '数据已存在，请刷新后重试' },
};

/** The answer for a store error the request caused; undefined for anything else. */
export function clientErrorOfStore(
  error: unknown,
): { statusCode: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null || !('severity' in error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? CLIENT_ERRORS[code] : undefined;
}
