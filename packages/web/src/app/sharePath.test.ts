import { describe, expect, it } from 'vitest';
import { shareToken } from './sharePath';

describe('shareToken', () => {
  it('reads the token of a share address, with or without a trailing slash', () => {
    expect(shareToken('/share/abc_DEF-123')).toBe('abc_DEF-123');
    expect(shareToken('/share/abc/')).toBe('abc');
  });

  it('is undefined for project paths and malformed share paths', () => {
    expect(shareToken('/demo/demo/demo/latest/')).toBeUndefined();
    expect(shareToken('/share/')).toBeUndefined();
    expect(shareToken('/share/a/b')).toBeUndefined();
    expect(shareToken('/share/%E0%A4%A')).toBeUndefined();
    expect(shareToken('/sharex/abc')).toBeUndefined();
  });
});
