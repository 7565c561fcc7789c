import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function derive(secret: string, salt: Buffer, options: ScryptOptions, keylen: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function format(salt: Buffer, key: Buffer) {
  const { N, r, p } = PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Stands in for the hash of an account that has none (unknown username, WeChat-only account):
 * comparing against it costs what a real comparison costs, so the answer's timing does not tell
 * which usernames exist. Its key is random bytes, which no password derives to.
 */
const DUMMY_HASH = format(randomBytes(16), randomBytes(PARAMS.keylen));

/**
 * Hashes the MD5 hex the browser sends (never the plain password, which the server never sees)
 * with scrypt and a random salt, as `scrypt$N$r$p$salt$hash`.
 */
export async function hashPassword(md5Hex: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keylen } = PARAMS;
  return format(salt, await derive(md5Hex.toLowerCase(), salt, { N, r, p }, keylen));
}

/** True when `md5Hex` matches `stored`; an account without a hash is compared all the same. */
export async function verifyPassword(
  md5Hex: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(
    md5Hex.toLowerCase(),
    Buffer.from(salt, 'base64'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(key, expected) && Boolean(stored);
}
