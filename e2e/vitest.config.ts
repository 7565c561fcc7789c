import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    // The demo posts are imported once, into a data folder each product starts from a copy of.
    globalSetup: ['./global-setup.ts'],
    // Two files at a time, each with a server on a port and a data folder of its own and its own
    // Chromium: much of a browser test is waiting, so two fit these machines' two cores.
    fileParallelism: true,
    maxWorkers: 2,
    // At least three times the longest test measured here on a busy machine (36 s), so that a
    // slower or busier machine still passes; each wait inside has a shorter limit of its own,
    // so a stuck wait fails naming what it waited for before the test's budget runs out.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is shorter than one busy page's answer on these machines.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
