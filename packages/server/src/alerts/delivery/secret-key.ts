/** `ALERT_SECRET_KEY` as bytes: 64 hex digits or base64 of 32 bytes; undefined when it is neither. */
export function parseSecretKey(value: string): Buffer | undefined {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}
