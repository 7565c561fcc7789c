import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config.js';
import { parseSecretKey } from './secret-key.js';

describe('ALERT_SECRET_KEY', () => {
  const key = randomBytes(32);

  it('is 32 bytes in hex or base64', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(readConfig({ ALERT_SECRET_KEY: key.toString('base64') }).alertSecretKey).toEqual(key);
    expect(readConfig({}).alertSecretKey).toBeUndefined();
  });

  it('refuses a key of another length, naming the variable', () => {
    expect(parseSecretKey(randomBytes(16).toString('hex'))).toBeUndefined();
    expect(parseSecretKey('password')).toBeUndefined();
    expect(() => readConfig({ ALERT_SECRET_KEY: 'password' })).toThrow(
      'ALERT_SECRET_KEY: 应为 32 字节的密钥：64 位十六进制，或 base64（openssl rand -base64 32）',
    );
  });
});
