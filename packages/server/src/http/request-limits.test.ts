import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../errors.js';
import {
  EXPENSIVE_ROUTE_LIMITS,
  RequestLimits,
  type RequestLimitOptions,
} from './request-limits.js';
import { ForegroundWork } from '../jobs/foreground-work.js';

/** A reply that keeps the headers a refusal sets. */
const replyStub = () => {
  const headers: Record<string, string> = {};
  return {
    headers,
    header(name: string, value: string) {
      headers[name] = value;
      return this;
    },
  };
};

/** A call that runs until released, recording that it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

const options = (overrides: Partial<RequestLimitOptions> = {}): RequestLimitOptions => ({
  concurrent: 2,
  queued: 2,
  burst: 100,
  perSecond: 10,
  ...overrides,
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe('RequestLimits', () => {
  it('runs a few calls of a user at once and queues the next ones in order', async () => {
    const limits = new RequestLimits(options());
    const started: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const answers = calls.map((call) => limits.run(replyStub(), 'u1', call.work));
    await settle();
    expect(started).toEqual(['a', 'b']);

    calls[1]!.release();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    calls[0]!.release();
    calls[2]!.release();
    calls[3]!.release();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a call past the queue with 429 and Retry-After, and keeps users apart', async () => {
    const limits = new RequestLimits(options());
    const started: string[] = [];
    const calls = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const answers = calls.map((call) => limits.run(replyStub(), 'u1', call.work));

    const reply = replyStub();
    const refused = await limits.run(reply, 'u1', async () => 'e').catch((error) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toMatch(/^同时进行的查询过多，请 \d+ 秒后再试$/);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    expect(await limits.run(replyStub(), 'u2', async () => 'other')).toBe('other');
    calls.forEach((call) => call.release());
    await Promise.all(answers);
    expect(await limits.run(replyStub(), 'u1', async () => 'again')).toBe('again');
  });

  it('frees the place of a call that fails', async () => {
    const limits = new RequestLimits(options({ concurrent: 1, queued: 0 }));
    const failing = limits.run(replyStub(), 'u1', async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await limits.run(replyStub(), 'u1', async () => 'next')).toBe('next');
  });

  it('refuses past the burst until the allowance refills, saying when', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limits = new RequestLimits(options({ burst: 3, perSecond: 0.5 }));
    for (let i = 0; i < 3; i++) await limits.run(replyStub(), 'u1', async () => i);

    const reply = replyStub();
    const refused = await limits.run(reply, 'u1', async () => 'x').catch((error) => error);
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('请求过于频繁，请 2 秒后再试');
    expect(reply.headers['retry-after']).toBe('2');
    expect(await limits.run(replyStub(), 'u2', async () => 'other')).toBe('other');

    vi.advanceTimersByTime(2000);
    expect(await limits.run(replyStub(), 'u1', async () => 'x')).toBe('x');
  });
});

describe('RequestLimits with foreground work', () => {
  it('counts its running calls as interactive work that background work gives way to', async () => {
    const foreground = new ForegroundWork();
    const limits = new RequestLimits(EXPENSIVE_ROUTE_LIMITS, foreground);
    let release!: () => void;
    const order: string[] = [];
    const call = limits.run({ header: () => undefined }, 'user', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      order.push('page');
    });
    const check = foreground
      .giveWay({ quietMs: 1, maxWaitMs: 60_000 })
      .then(() => order.push('check'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([call, check]);
    expect(order).toEqual(['page', 'check']);
  });
});
