import { totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('readConfig', () => {
  it('defaults to port 8080 and ./data, with WeChat off', () => {
    const config = readConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.wx).toBeUndefined();
  });

  it('turns WeChat on with an app id and secret', () => {
    const config = readConfig({ WX_APP_ID: 'a', WX_APP_SECRET: 'b' });
    expect(config.wx).toEqual({
      appId: 'a',
      appSecret: 'b',
      qrBaseUrl: 'https://open.weixin.qq.com',
      apiBaseUrl: 'https://api.weixin.qq.com',
    });
  });

  it('gives the posts engine half the memory unless told', () => {
    expect(readConfig({}).postsMemoryMb).toBe(Math.floor(totalmem() / 2 ** 20 / 2));
    expect(readConfig({ POSTS_MEMORY_MB: '4096' }).postsMemoryMb).toBe(4096);
    expect(() => readConfig({ POSTS_MEMORY_MB: '10' })).toThrow(/POSTS_MEMORY_MB/);
  });

  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
