import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const secret = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=机密';
    const first = box.seal(secret);
    expect(box.open(first)).toBe(secret);
    expect(box.seal(secret)).not.toBe(first);
    expect(first).not.toContain('qyapi');
  });

  it('refuses a changed value and one sealed under another key', () => {
    const sealed = box.seal('SEC123');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('SEC123')).toThrow('not a sealed value');
  });
});
