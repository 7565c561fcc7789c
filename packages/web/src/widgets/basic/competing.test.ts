import type { CompetingData } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { isCompetingEmpty } from './competing';

describe('isCompetingEmpty', () => {
  const data: Omit<CompetingData, 'rows'> = {
    field: 'brand_paths',
    valueType: 'volume',
    otherType: 'engagement_num',
  };
  const row = (value: number, other?: number) => ({ path: '/a', value, share: 0, other });

  it('is empty without groups or with nothing counted', () => {
    expect(isCompetingEmpty({ ...data, rows: [] })).toBe(true);
    expect(isCompetingEmpty({ ...data, rows: [row(0, 0)] })).toBe(true);
    expect(isCompetingEmpty({ ...data, rows: [row(0, 5)] })).toBe(false);
    expect(isCompetingEmpty({ ...data, rows: [row(60)] })).toBe(false);
  });
});
