// `npm test`: lint and type checks, unit and integration tests, then browser tests in Chromium.
// Installs Debian's Chromium and a Chinese font when they are missing and we are root.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

const phases = [];

/** Runs one phase, printing its duration at its end, and stops the run when it fails. */
function run(command, args, options = {}) {
  const line = [command, ...args].join(' ');
  console.log(`\n$ ${line}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const seconds = Math.round((performance.now() - started) / 1000);
  phases.push(`${String(seconds).padStart(5)} s  ${line}`);
  console.log(`\n⏱ ${seconds} s: ${line}`);
  if (result.status !== 0) {
    console.error(`\n✗ ${line} failed (exit ${result.status})`);
    printPhases();
    process.exit(result.status ?? 1);
  }
}

function printPhases() {
  console.log(`\nphases:\n${phases.join('\n')}`);
}

function ensureBrowser() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(CJK_FONT)) missing.push('fonts-wqy-microhei');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need Debian's ${missing.join(' and ')}. Install with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
        'then run npm test again.',
    );
    process.exit(1);
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Vitest's JSON report, so the closing line can count every test of both suites. */
function counts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

mkdirSync('.tmp', { recursive: true });
const reporters = (file) => [
  '--reporter=default',
  `--reporter=${resolve('scripts/test-budgets.mjs')}`,
  '--reporter=json',
  `--outputFile.json=${resolve(file)}`,
];
run('npm', ['run', 'lint']);
run('npx', ['vitest', 'run', ...reporters('.tmp/unit.json')]);
ensureBrowser();
run('npm', ['run', 'build']);
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...reporters('.tmp/e2e.json')]);

const total = [counts(resolve('.tmp/unit.json')), counts(resolve('.tmp/e2e.json'))].reduce(
  (a, b) => ({
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
  }),
);
printPhases();
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
