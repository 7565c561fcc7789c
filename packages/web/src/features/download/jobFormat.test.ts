import type { DownloadJob } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { jobPercent } from './jobFormat';

const job = (patch: Partial<DownloadJob>): DownloadJob => ({
  id: 'j',
  name: 'j.xlsx',
  format: 'xlsx',
  status: 'running',
  rows: 0,
  total: 0,
  owner: 'li',
  created: 0,
  ...patch,
});

describe('jobPercent', () => {
  it('is the share of rows written, 100 once done', () => {
    expect(jobPercent(job({ rows: 999, total: 4000 }))).toBe(24);
    expect(jobPercent(job({ rows: 5, total: 0 }))).toBe(0);
    expect(jobPercent(job({ status: 'done', rows: 10, total: 20 }))).toBe(100);
  });
});
