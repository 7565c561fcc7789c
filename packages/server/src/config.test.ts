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

  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
