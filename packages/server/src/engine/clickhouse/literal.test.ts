import { afterAll, describe, expect, it } from 'vitest';
import { identifier, inList, literal, numberLiteral, stringLiteral } from './literal.js';
import { testClient, testUrls } from '../../../test/clickhouse.js';

const HOSTILE = [
  '',
  "'",
  "''",
  "\\'",
  '\\',
  '\\\\',
  "'); DROP TABLE posts; --",
  "x' OR '1'='1",
  'NUL\u0000inside',
  'tab\tnew\nline\rcarriage',
  '\u0001\u0007\u001b\u007f',
  '\b\f\v',
  '表情😀 and 𝌆',
  '中文，标点。「引号」',
  '$1 {x} `tick` "double" %_',
  '\\x41 \\0 \\n',
];

describe('ClickHouse literals', () => {
  it('escapes quotes, backslashes and control characters', () => {
    expect(stringLiteral("it's")).toBe("'it\\'s'");
    expect(stringLiteral('a\\b')).toBe("'a\\\\b'");
    expect(stringLiteral('a\u0000b\nc\u0001')).toBe("'a\\0b\\nc\\x01'");
    expect(literal(['a', 1])).toBe("['a', 1]");
    expect(inList(['a', "b'"])).toBe("('a', 'b\\'')");
    for (const value of HOSTILE) {
      // Outside escapes, no quote, backslash or control character is left.
      const bare = stringLiteral(value)
        .slice(1, -1)
        .replace(/\\(x[0-9a-f]{2}|.)/g, '');
      // eslint-disable-next-line no-control-regex
      expect(bare).not.toMatch(/['\\\u0000-\u001f\u007f]/);
    }
  });

  it('refuses numbers that are not finite or not exact, and other identifiers', () => {
    for (const bad of [NaN, Infinity, -Infinity, 2 ** 60])
      expect(() => numberLiteral(bad)).toThrow();
    expect(numberLiteral(-0)).toBe('0');
    expect(numberLiteral(1.5)).toBe('1.5');
    expect(() => literal({} as never)).toThrow();
    expect(() => stringLiteral(1 as never)).toThrow();
    expect(() => inList([])).toThrow();
    expect(identifier('posts_local')).toBe('posts_local');
    for (const bad of ['', 'a.b', 'a b', 'a;DROP', '1a', 'a"', "a'", 'é']) {
      expect(() => identifier(bad)).toThrow();
    }
  });

  describe.skipIf(testUrls.length === 0)('on the server', () => {
    const client = testClient(testUrls[0] ?? 'http://127.0.0.1:1');
    afterAll(() => client.close());

    it('reads every hostile string back as it was', async () => {
      const result = await client.query({
        query: `SELECT ${HOSTILE.map((value, i) => `${stringLiteral(value)} AS v${i}`).join(', ')},
          ${literal(HOSTILE)} AS list, ${numberLiteral(-12345678901)} AS n, ${numberLiteral(0.25)} AS f`,
        format: 'JSONEachRow',
      });
      const [row] = await result.json<Record<string, unknown>>();
      expect(HOSTILE.map((_, i) => row?.[`v${i}`])).toEqual(HOSTILE);
      expect(row?.list).toEqual(HOSTILE);
      expect(row?.n).toBe(-12345678901);
      expect(row?.f).toBe(0.25);
    });
  });
});
