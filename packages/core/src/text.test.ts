import { describe, expect, it } from 'vitest';
import { pageTitle, sanitizeText } from './text.js';

describe('text', () => {
  it('replaces angle brackets', () => {
    expect(sanitizeText('<script>alert(1)</script>')).toBe('＜script＞alert(1)＜/script＞');
  });

  it('builds titles as name - meta title', () => {
    expect(pageTitle('概览', '星河汽车舆情监测')).toBe('概览 - 星河汽车舆情监测');
    expect(pageTitle(undefined, '登录')).toBe('登录');
    expect(pageTitle('概览', undefined)).toBe('概览');
  });
});
