import { Worker } from 'node:worker_threads';
import type { ImportTagRules } from './import-tagging.js';
import type { PreparedChunk, PrepareContext } from './prepare.js';
import type { PrepareRequest } from './prepare-worker.js';
import type { InputChunk } from './read-records.js';

/**
 * The worker's modules are TypeScript, as the server's own are: the thread registers tsx's
 * loader first (a `--import` flag in the worker's execArgv takes effect too late for its entry).
 */
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => register())
  .then(() => import(${JSON.stringify(new URL('./prepare-worker.ts', import.meta.url).href)}))`;

/**
 * A chunk's posts live until it is encoded: with V8's default young generation most of them
 * survive a scavenge and are copied to the old one, and garbage collection took a fifth of a
 * worker's time.
 */
const YOUNG_GENERATION_MB = 256;

interface Pending {
  resolve: (chunk: PreparedChunk) => void;
  reject: (error: Error) => void;
}

/** One worker thread and the chunks sent to it that it has not answered yet. */
class PoolWorker {
  readonly pending = new Map<number, Pending>();
  private readonly worker: Worker;
  /** Set once the thread has failed; the pool then starts another. */
  failed = false;
  /** The tagging rules last sent: the thread has compiled them, and keeps them. */
  private tagRulesKey: string | undefined;

  constructor(encoder: string) {
    this.worker = new Worker(WORKER_BOOT, {
      eval: true,
      workerData: { encoder },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; chunk?: PreparedChunk; error?: string }) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.settled(message.id);
      if (message.chunk) pending.resolve(message.chunk);
      else pending.reject(new Error(`导入线程出错: ${message.error}`));
    });
    const fail = (error: Error) => {
      this.failed = true;
      for (const [id, pending] of this.pending) {
        this.settled(id);
        pending.reject(error);
      }
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`导入线程意外退出 (${code})`)));
  }

  send(request: PrepareRequest): Promise<PreparedChunk> {
    if (request.tagRules) {
      if (request.tagRules.key === this.tagRulesKey) delete request.tagRules;
      else this.tagRulesKey = request.tagRules.key;
    }
    return new Promise((resolve, reject) => {
      // A thread with work keeps the process alive until it answers.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(request.id, { resolve, reject });
      // A chunk of lines moves to the thread rather than being copied.
      const chunk = request.chunk;
      this.worker.postMessage(request, chunk.kind === 'lines' ? [chunk.bytes.buffer] : []);
    });
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  terminate(): Promise<number> {
    this.failed = true;
    return this.worker.terminate();
  }
}

/**
 * Worker threads preparing import chunks (prepare.ts) in parallel, started on first use and kept
 * for later imports. A chunk goes to the thread with the fewest waiting.
 */
export class PreparePool {
  private readonly workers: PoolWorker[] = [];
  private next = 0;

  constructor(
    readonly size: number,
    private readonly encoder: string,
  ) {}

  prepare(
    chunk: InputChunk,
    context: PrepareContext,
    tagRules?: ImportTagRules,
  ): Promise<PreparedChunk> {
    for (let i = 0; i < this.workers.length; i++) {
      if (this.workers[i]!.failed) this.workers[i] = new PoolWorker(this.encoder);
    }
    if (this.workers.length < this.size) this.workers.push(new PoolWorker(this.encoder));
    const worker = this.workers.reduce((least, candidate) =>
      candidate.pending.size < least.pending.size ? candidate : least,
    );
    return worker.send({ id: this.next++, chunk, context, tagRules });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}
