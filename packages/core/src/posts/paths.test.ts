import { describe, expect, it } from 'vitest';
import { pathDepth, topLevelFor, withAncestors } from './paths.js';

describe('paths', () => {
  it('adds ancestors once, sorted', () => {
    expect(withAncestors(['/品牌/星河/S7', '/品牌/竞品A'])).toEqual([
      '/品牌',
      '/品牌/星河',
      '/品牌/星河/S7',
      '/品牌/竞品A',
    ]);
    expect(withAncestors([])).toEqual([]);
  });

  it('measures depth and the top-values level (spec 5)', () => {
    expect(pathDepth('/a/b/c')).toBe(3);
    expect(topLevelFor(['/a/b', '/x'])).toBe(1);
    expect(topLevelFor(['/a'])).toBe(0);
    expect(topLevelFor(undefined)).toBe(0);
  });
});
