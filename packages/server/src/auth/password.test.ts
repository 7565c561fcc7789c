import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';
import { md5Hex } from './tokens.js';

describe('password hashing', () => {
  it('verifies the same MD5 and refuses another, with a fresh salt each time', async () => {
    const md5 = md5Hex('secret');
    const first = await hashPassword(md5);
    const second = await hashPassword(md5);
    expect(first).not.toBe(second);
    expect(await verifyPassword(md5, first)).toBe(true);
    expect(await verifyPassword(md5.toUpperCase(), first)).toBe(true);
    expect(await verifyPassword(md5Hex('Secret'), first)).toBe(false);
    expect(await verifyPassword(md5, 'plain-text')).toBe(false);
  });

  it('refuses an account without a hash, after the same work as for one with a hash', async () => {
    const md5 = md5Hex('secret');
    expect(await verifyPassword(md5, undefined)).toBe(false);
    expect(await verifyPassword(md5, null)).toBe(false);
  });
});
