import type { DownloadJob } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { formatBytes, jobPercent } from './jobFormat';

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

describe('formatBytes', () => {
  it('names the size in the largest unit that keeps it at least 1', () => {
    expect(formatBytes(undefined)).toBe('—');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024)).toBe('250 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
  });
});

describe('jobPercent', () => {
  it('is the share of rows written, 100 once done', () => {
    expect(jobPercent(job({ rows: 999, total: 4000 }))).toBe(24);
    expect(jobPercent(job({ rows: 5, total: 0 }))).toBe(0);
    expect(jobPercent(job({ status: 'done', rows: 10, total: 20 }))).toBe(100);
  });
});
