import type { ReportShare } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { shareStatus } from './shareStatus';

const NOW = Date.UTC(2024, 2, 15);
const share = (patch: Partial<ReportShare>): ReportShare => ({
  id: 's1',
  author: '小李',
  created: NOW - 1000,
  expires: NOW + 1000,
  revoked: false,
  views: 0,
  ...patch,
});

describe('shareStatus', () => {
  it('is active until the link expires, then expired', () => {
    expect(shareStatus(share({}), NOW)).toBe('active');
    expect(shareStatus(share({ expires: NOW }), NOW)).toBe('expired');
  });

  it('is revoked whatever the expiry', () => {
    expect(shareStatus(share({ revoked: true }), NOW)).toBe('revoked');
    expect(shareStatus(share({ revoked: true, expires: NOW - 1 }), NOW)).toBe('revoked');
  });
});
