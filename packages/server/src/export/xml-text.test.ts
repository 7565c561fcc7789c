import { describe, expect, it } from 'vitest';
import { xmlSafe, xmlText } from './xml-text.js';

describe('xmlText', () => {
  it('drops what XML 1.0 forbids and keeps tab, line ends and surrogate pairs', () => {
    const forbidden = [
      ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter(
        (c) => !'\t\n\r'.includes(c),
      ),
      '\uFFFE',
      '\uFFFF',
    ];
    expect(forbidden).toHaveLength(31);
    for (const c of forbidden) expect(xmlText(`a${c}b`)).toBe('ab');
    expect(xmlText('a\t\n\rb 星河 😀')).toBe('a\t\n\rb 星河 😀');
    // Surrogates without their pair: a high one at the end or before another character, a low
    // one alone.
    expect(xmlText('a\uD83Db\uDE00c\uD83D')).toBe('abc');
  });

  it('cleans every string of plain objects and arrays, and leaves other values alone', () => {
    const logo = Buffer.from([1, 2, 3]);
    const value = { a: ['x\u0001', { b: 'y\u0002', n: 3 }], logo, 'k\u0003': null };
    expect(xmlSafe(value)).toEqual({ a: ['x', { b: 'y', n: 3 }], logo, k: null });
    expect(xmlSafe(value).logo).toBe(logo);
    expect(value.a[0]).toBe('x\u0001');
  });
});
