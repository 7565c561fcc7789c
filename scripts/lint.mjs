// `npm run lint`: ESLint, Prettier and the six TypeScript projects' type checks, as many at once
// as the machine has cores (at least two), each printing its duration when it ends. One after
// another they took about 100 s on a 2-core machine. Exits non-zero when any of them fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const TYPED_PROJECTS = [
  'packages/server',
  'packages/web',
  'packages/core',
  'packages/server/scripts',
  'e2e',
  'bench',
];
const checks = [
  ['npx', ['eslint', '.']],
  ...TYPED_PROJECTS.map((project) => ['npx', ['tsc', '-p', project]]),
  ['npx', ['prettier', '--check', '.']],
];

/** Runs one check with its output held back, so that parallel checks do not interleave. */
function runCheck([command, args]) {
  const line = [command, ...args].join(' ');
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`${code === 0 ? '✓' : '✗'} ${seconds} s: ${line}`);
      if (code !== 0) console.log(output);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    for (let check = queue.shift(); check; check = queue.shift())
      results.push(await runCheck(check));
  }),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
