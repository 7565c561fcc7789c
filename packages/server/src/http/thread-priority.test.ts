import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * In a process of its own (this one's threads are the test runner's): a worker thread and the
 * libuv pool are started, the priorities set, and each thread's nice value read from /proc.
 */
const script = `
import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { keepEventLoopFirst } from './src/http/thread-priority.ts';
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((resolve) => worker.once('online', resolve));
await new Promise((resolve) => import('node:crypto').then((c) => c.pbkdf2('x', 'y', 1, 8, 'sha1', resolve)));
const nice = (task) => Number(readFileSync('/proc/self/task/' + task + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
const before = nice(process.pid);
const stop = keepEventLoopFirst(Number(process.argv[1]));
const threads = readdirSync('/proc/self/task').map((task) => ({ main: Number(task) === process.pid, nice: nice(task) }));
stop();
await worker.terminate();
console.log(JSON.stringify({ before, threads }));
`;

function niceValues(nice: number): {
  before: number;
  threads: { main: boolean; nice: number }[];
} {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, String(nice)],
    {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

describe.skipIf(process.platform !== 'linux')('keepEventLoopFirst', () => {
  it("lowers every thread's priority but the event loop's", () => {
    const { before, threads } = niceValues(10);
    expect(threads.filter((thread) => !thread.main).length).toBeGreaterThan(4);
    expect(threads.filter((thread) => thread.main)).toEqual([{ main: true, nice: before }]);
    expect(
      threads.filter((thread) => !thread.main).every((thread) => thread.nice === before + 10),
    ).toBe(true);
  });

  it('leaves every thread as it was at 0', () => {
    const { before, threads } = niceValues(0);
    expect(threads.every((thread) => thread.nice === before)).toBe(true);
  });
});
