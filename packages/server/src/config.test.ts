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

  it('trusts X-Forwarded-* only from the proxies named in TRUSTED_PROXIES', () => {
    expect(readConfig({ PUBLIC_URL: 'https://yq.example.com' }).trustedProxies).toBeUndefined();
    expect(
      readConfig({ TRUSTED_PROXIES: ' 10.0.0.1, 172.16.0.0/12,::1, fd00::/8,loopback ' })
        .trustedProxies,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
    for (const wrong of ['nginx', '10.0.0.0/33', '10.0.0.1,300.0.0.1', ',']) {
      expect(() => readConfig({ TRUSTED_PROXIES: wrong })).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('opens the internal networks named in ALERT_ALLOWED_NETWORKS to alert channels', () => {
    expect(readConfig({}).alertAllowedNetworks).toBeUndefined();
    expect(
      readConfig({ ALERT_ALLOWED_NETWORKS: ' 10.0.0.25, 192.168.10.0/24,fd00::/8 ' })
        .alertAllowedNetworks,
    ).toEqual(['10.0.0.25', '192.168.10.0/24', 'fd00::/8']);
    for (const wrong of ['mail.corp', '10.0.0.0/33', 'loopback']) {
      expect(() => readConfig({ ALERT_ALLOWED_NETWORKS: wrong })).toThrow(
        /ALERT_ALLOWED_NETWORKS.*应为 IP 地址或网段/,
      );
    }
  });

  it('puts the posts on ClickHouse when CLICKHOUSE_URL names its nodes', () => {
    expect(readConfig({}).clickhouse).toBeUndefined();
    expect(
      readConfig({
        CLICKHOUSE_URL: 'http://ch1:8123, http://ch2:8123',
        CLICKHOUSE_CLUSTER: 'yuqing',
        CLICKHOUSE_USER: 'yq',
        CLICKHOUSE_PASSWORD: 'secret',
        CLICKHOUSE_DATABASE: 'posts',
      }).clickhouse,
    ).toEqual({
      urls: ['http://ch1:8123', 'http://ch2:8123'],
      cluster: 'yuqing',
      user: 'yq',
      password: 'secret',
      database: 'posts',
    });
    for (const wrong of ['ch1:8123', ',', 'http://ch1:8123,nowhere']) {
      expect(() => readConfig({ CLICKHOUSE_URL: wrong })).toThrow(/CLICKHOUSE_URL/);
    }
  });

  it('offers the language model when LLM_BASE_URL, LLM_API_KEY and a model name are set', () => {
    expect(readConfig({}).llm).toBeUndefined();
    const llm = {
      LLM_BASE_URL: 'https://api.deepseek.com/v1',
      LLM_API_KEY: 'sk-secret',
      LLM_MODEL_GPT3: 'deepseek-chat',
    };
    expect(readConfig(llm).llm).toEqual({
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: 'sk-secret',
      models: { gpt3: 'deepseek-chat', gpt4: undefined },
    });
    const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL_GPT3 } = llm;
    expect(() => readConfig({ LLM_API_KEY, LLM_MODEL_GPT3 })).toThrow(/LLM_BASE_URL/);
    expect(() => readConfig({ LLM_BASE_URL, LLM_MODEL_GPT3 })).toThrow(/LLM_API_KEY/);
    expect(() => readConfig({ LLM_BASE_URL, LLM_API_KEY })).toThrow(/LLM_MODEL_GPT3/);
    expect(() => readConfig({ ...llm, LLM_BASE_URL: 'api.deepseek.com' })).toThrow(/LLM_BASE_URL/);
    // The message names the variable, never the key.
    expect(() => readConfig({ ...llm, LLM_BASE_URL: 'x' })).toThrow(
      /^(?!.*sk-secret).*LLM_BASE_URL/s,
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
