import { tooManyRequests } from '../errors.js';
import type { ForegroundWork } from '../jobs/foreground-work.js';

export interface RequestLimitOptions {
  /** Calls of one user that run at once; the next ones wait their turn. */
  concurrent: number;
  /** Calls of one user that may wait; past this a call is refused. */
  queued: number;
  /** Calls one user may start in a burst; the allowance refills at `perSecond`. */
  burst: number;
  perSecond: number;
}

/**
 * For `/search` and the routes that run searches (page data, exports). A dashboard page asks
 * 10–20 searches at once: they queue, never fail. The allowance holds one page switched every
 * two seconds for a minute; a script calling without pause is slowed to 10 calls a second.
 */
export const EXPENSIVE_ROUTE_LIMITS: RequestLimitOptions = {
  concurrent: 4,
  queued: 100,
  burst: 600,
  perSecond: 10,
};

/**
 * For `POST /gpt`: a model call takes seconds to a minute and costs money. Two of a user's run at
 * once and a few wait; the allowance is 30 calls, refilling at one every two seconds.
 */
export const MODEL_ROUTE_LIMITS: RequestLimitOptions = {
  concurrent: 2,
  queued: 4,
  burst: 30,
  perSecond: 0.5,
};

/**
 * For the tagging tool's `tags_new` and `kg2` (a text of up to 20,000 characters, tagged in the
 * tagging thread): 标注 makes both calls, so a user clicking on every few seconds never waits;
 * a script is slowed to two calls a second.
 */
export const TAGGING_ROUTE_LIMITS: RequestLimitOptions = {
  concurrent: 2,
  queued: 4,
  burst: 60,
  perSecond: 2,
};

/**
 * For what compiles a project's rules again (a reload, replacing them as JSON or CSV), per project
 * and user: ten in a row, then one every six seconds. A compile of a large rule set takes seconds
 * of the tagging thread, which every project's tagging shares.
 */
export const RULE_COMPILE_LIMITS: RequestLimitOptions = {
  concurrent: 1,
  queued: 1,
  burst: 10,
  perSecond: 1 / 6,
};

interface UserCalls {
  running: number;
  /** Resolves a waiting call's turn, in arrival order. */
  waiting: (() => void)[];
  /** The allowance left (a token bucket), as of `refilledAt`. */
  tokens: number;
  refilledAt: number;
}

const SWEEP_MS = 60_000;

/** Where a refusal sets `Retry-After`: the reply. */
interface Headers {
  header(name: string, value: string): unknown;
}

/**
 * Per-user limits on expensive calls: a token bucket for the rate, and a bounded queue in front
 * of a few running calls. Refusals are 429 with `Retry-After`. Keyed after sign-in, by user id:
 * a hook before the handler could key only by cookie, which a user multiplies by signing in again.
 */
export class RequestLimits {
  private readonly users = new Map<string, UserCalls>();
  private lastSweep = Date.now();
  /** A running average of how long a call takes, to tell a refused caller when to come back. */
  private averageMs = 1000;

  /** With `foreground`: the calls, while they run, are the interactive work it counts. */
  constructor(
    private readonly options: RequestLimitOptions,
    private readonly foreground?: ForegroundWork,
  ) {}

  /** Runs `work` as one of `key`'s calls: now, after the calls ahead of it, or refused (429). */
  async run<T>(reply: Headers, key: string, work: () => Promise<T>) {
    const { concurrent, queued, perSecond } = this.options;
    const now = Date.now();
    this.sweep(now);
    const user = this.refilled(key, now);
    if (user.tokens < 1) {
      const seconds = wholeSeconds((1 - user.tokens) / perSecond);
      throw refuse(reply, seconds, `请求过于频繁，请 ${seconds} 秒后再试`);
    }
    if (user.running >= concurrent && user.waiting.length >= queued) {
      const seconds = wholeSeconds((user.waiting.length * this.averageMs) / concurrent / 1000);
      throw refuse(reply, seconds, `同时进行的查询过多，请 ${seconds} 秒后再试`);
    }
    user.tokens -= 1;
    // A finishing call hands its place to the first waiting one, so `running` counts it already.
    if (user.running < concurrent) user.running++;
    else await new Promise<void>((resolve) => user.waiting.push(resolve));

    const started = performance.now();
    try {
      return await (this.foreground ? this.foreground.track(work) : work());
    } finally {
      this.averageMs = 0.9 * this.averageMs + 0.1 * (performance.now() - started);
      const next = user.waiting.shift();
      if (next) next();
      else user.running--;
    }
  }

  private refilled(key: string, now: number): UserCalls {
    const { burst, perSecond } = this.options;
    let user = this.users.get(key);
    if (!user) {
      user = { running: 0, waiting: [], tokens: burst, refilledAt: now };
      this.users.set(key, user);
    }
    user.tokens = Math.min(burst, user.tokens + ((now - user.refilledAt) / 1000) * perSecond);
    user.refilledAt = now;
    return user;
  }

  /** Forgets users with nothing running and a full allowance, so the map holds active users only. */
  private sweep(now: number) {
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    for (const [key, user] of this.users) {
      if (user.running === 0 && this.refilled(key, now).tokens >= this.options.burst) {
        this.users.delete(key);
      }
    }
  }
}

const wholeSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));

function refuse(reply: Headers, seconds: number, message: string) {
  reply.header('retry-after', String(seconds));
  return tooManyRequests(message);
}
