import { describe, expect, it } from 'vitest';
import { baseQuery } from '@yuqing/core';
import { decodeQuery, encodeQuery } from './urlQuery';

const modified = {
  ...baseQuery(Date.UTC(2026, 10, 21), 'Asia/Shanghai'),
  useModified: true,
  q: '星河 -广告',
  media_platform: ['Weibo', 'WeChat'],
  filters: [{ field: 'province' as const, value: ['广东'], exclude: true, ignore: false }],
  chartOptions: { w3: { value_type: 'engagement_num' as const } },
};

describe('query in the URL', () => {
  it('round-trips a changed state and leaves out empty parts', () => {
    const raw = encodeQuery(modified);
    expect(raw).not.toContain('denoise');
    expect(decodeQuery(raw)).toEqual(modified);
  });

  it('ignores untouched states, malformed JSON and invalid states', () => {
    expect(decodeQuery(encodeQuery({ ...modified, useModified: false }))).toBeUndefined();
    expect(decodeQuery('{not json')).toBeUndefined();
    expect(decodeQuery(JSON.stringify({ ...modified, start: 'yesterday' }))).toBeUndefined();
    expect(decodeQuery(null)).toBeUndefined();
  });
});
