import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import { Refusal, invalidInput, type RefusalKind } from '../refusals.js';

/**
 * Work that would hold the server's thread (parsing an uploaded file, compiling a project's
 * rules) runs in a worker thread of its own, so `/health` and every other user's calls go on.
 */

/**
 * A worker's entry is TypeScript, as the server's own modules are: tsx's loader comes first. Its
 * ES module API is found beside the CommonJS one `require.resolve` names: vitest's module runner
 * (its global setup opens a store) has no `import.meta.resolve`.
 */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
);
const bootOf = (entry: URL) => `import(${JSON.stringify(TSX_API.href)})
  .then(({ register }) => register())
  .then(() => import(${JSON.stringify(entry.href)}))`;

export interface ThreadCallOptions {
  /** A call answered later than this ends the thread and is refused with `timeoutMessage`. */
  timeoutMs?: number;
  timeoutMessage?: string;
  /** The thread's heap: a call that needs more ends the thread. */
  maxHeapMb?: number;
  /** A thread with no call for this long is ended (its memory given back); the next call starts one. */
  idleMs?: number;
  /** Told when a thread ends, so state kept in it (compiled rules) is known to be gone. */
  onThreadEnd?: () => void;
}

type Answer = { id: number; answer: unknown } | { id: number; error: ThreadError };
interface ThreadError {
  message: string;
  kind?: RefusalKind;
  stack?: string;
  /** The error's own plain fields (a database error's `code` and `severity`), kept as they were. */
  fields?: Record<string, string | number | boolean>;
}

interface Pending {
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread running `entry` (which calls `answerCalls`), started on the first call and
 * kept while the server runs; a thread that fails or runs past a call's time limit is ended and
 * the next call starts another. Calls run one at a time in the order made; a Refusal thrown
 * in the thread (a refusal naming a line of a file) is thrown again here as it was.
 */
export class ThreadCalls<Call, Result> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** The calls made, one after the other: each starts when the one before has its answer. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly entry: URL,
    private readonly options: ThreadCallOptions = {},
  ) {}

  call(call: Call): Promise<Result> {
    const turn = this.queue.then(() => this.send(call));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.end(new Error('线程已关闭'));
  }

  private send(call: Call): Promise<Result> {
    if (this.closed) return Promise.reject(new Error('线程已关闭'));
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      const { timeoutMs, timeoutMessage = '处理超时' } = this.options;
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => void this.end(invalidInput(timeoutMessage)), timeoutMs);
      this.pending.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer as Result);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      // A thread with a call to answer keeps the process alive until it answers.
      worker.ref();
      worker.postMessage({ id, call });
    });
  }

  private start(): Worker {
    const worker = new Worker(bootOf(this.entry), {
      eval: true,
      ...(this.options.maxHeapMb && {
        resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
      }),
    });
    worker.unref();
    worker.on('message', (message: Answer) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.idle(worker);
      if ('answer' in message) pending.resolve(message.answer);
      else pending.reject(errorOf(message.error));
    });
    const failed = (error: Error) => {
      if (this.worker === worker) void this.end(error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`工作线程意外退出 (${code})`)));
    return worker;
  }

  private idle(worker: Worker): void {
    worker.unref();
    if (this.options.idleMs === undefined) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && this.pending.size === 0)
        void this.end(new Error('线程空闲结束'));
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  /** Ends the thread, refusing what it had not answered with `error`. */
  private async end(error: Error): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(error);
    }
    if (!worker) return;
    this.options.onThreadEnd?.();
    await worker.terminate();
  }
}

function errorOf({ message, kind, stack, fields }: ThreadError): Error {
  if (kind !== undefined) return new Refusal(kind, message);
  const error = Object.assign(new Error(message), fields);
  if (stack) error.stack = stack;
  return error;
}

/** An error's own fields that are plain values; a message cannot carry the rest. */
function plainFieldsOf(error: Error): ThreadError['fields'] {
  const fields: NonNullable<ThreadError['fields']> = {};
  for (const [name, value] of Object.entries(error)) {
    const plain = ['string', 'number', 'boolean'].includes(typeof value);
    if (plain && name !== 'message' && name !== 'stack')
      fields[name] = value as string | number | boolean;
  }
  return fields;
}

/** In a worker thread: answers each call of its ThreadCalls with `handle`'s result. */
export function answerCalls<Call, Result>(handle: (call: Call) => Result | Promise<Result>): void {
  const port = parentPort;
  if (!port)
    throw new Error('answerCalls runs in a worker thread only: import its ThreadCalls instead');
  port.on('message', async ({ id, call }: { id: number; call: Call }) => {
    try {
      port.postMessage({ id, answer: await handle(call) });
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      const kind = error instanceof Refusal ? error.kind : undefined;
      const fields = plainFieldsOf(error);
      port.postMessage({ id, error: { message: error.message, kind, stack: error.stack, fields } });
    }
  });
}
