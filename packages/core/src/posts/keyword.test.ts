import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  keywordTerms,
  matchesKeyword,
  parseKeywordQuery,
  type KeywordNode,
  type KeywordScope,
} from './keyword.js';

const term = (text: string, scope: KeywordScope = 'all'): KeywordNode => ({
  kind: 'term',
  text,
  scope,
});
const and = (...children: KeywordNode[]): KeywordNode => ({ kind: 'and', children });
const or = (...children: KeywordNode[]): KeywordNode => ({ kind: 'or', children });
const not = (child: KeywordNode): KeywordNode => ({ kind: 'not', child });
const [a, b, c] = [term('a'), term('b'), term('c')];

function parse(input: string): KeywordNode | undefined {
  const result = parseKeywordQuery(input);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return result.ast;
}

function matches(query: string, post: Partial<Parameters<typeof matchesKeyword>[1]>) {
  const ast = parse(query);
  if (!ast) throw new Error('blank query');
  return matchesKeyword(ast, { title: '', text: '', body: '', author: '', ...post });
}

describe('parseKeywordQuery', () => {
  it('treats blank input as no condition', () => {
    for (const input of ['', '   ', '\u3000\t\n'])
      expect(parseKeywordQuery(input)).toEqual({ ok: true, ast: undefined });
  });

  it('lower-cases terms', () => {
    expect(parse('Tesla')).toEqual(term('tesla'));
    expect(parse('星河S7')).toEqual(term('星河s7'));
  });

  it('reads whitespace and + as AND', () => {
    for (const input of ['a b', 'a+b', 'a + b', 'a\u3000b', 'a＋b', ' a\t b '])
      expect(parse(input), input).toEqual(and(a, b));
  });

  it('reads | as OR', () => {
    for (const input of ['a|b', 'a | b', 'a｜b']) expect(parse(input), input).toEqual(or(a, b));
  });

  it('reads a leading - as NOT on terms and groups', () => {
    expect(parse('-a')).toEqual(not(a));
    expect(parse('a -b')).toEqual(and(a, not(b)));
    expect(parse('a+-b')).toEqual(and(a, not(b)));
    expect(parse('-(a|b)')).toEqual(not(or(a, b)));
    expect(parse('-（a｜b）')).toEqual(not(or(a, b)));
    expect(parse('-"a b"')).toEqual(not(term('a b')));
    expect(parse('-title:a')).toEqual(not(term('a', 'title')));
  });

  it('keeps - inside a term literal', () => {
    expect(parse('S7-Pro')).toEqual(term('s7-pro'));
    expect(parse('a- b')).toEqual(and(term('a-'), b));
  });

  it('drops double negations', () => {
    expect(parse('--a')).toEqual(a);
    expect(parse('-(-a)')).toEqual(a);
    expect(parse('---a')).toEqual(not(a));
  });

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(parse('a b | c')).toEqual(or(and(a, b), c));
    expect(parse('a | b c')).toEqual(or(a, and(b, c)));
    expect(parse('a+b|c')).toEqual(or(and(a, b), c));
    expect(parse('-a b')).toEqual(and(not(a), b));
    expect(parse('-a | b')).toEqual(or(not(a), b));
    expect(parse('a (b | c)')).toEqual(and(a, or(b, c)));
    expect(parse('(a | b) -c')).toEqual(and(or(a, b), not(c)));
  });

  it('flattens nested AND/OR and unwraps groups of one', () => {
    expect(parse('a (b c)')).toEqual(and(a, b, c));
    expect(parse('a+b c')).toEqual(and(a, b, c));
    expect(parse('(a | b) | c')).toEqual(or(a, b, c));
    expect(parse('((a))')).toEqual(a);
    expect(parse('(a b) | (c)')).toEqual(or(and(a, b), c));
  });

  it('accepts the full-width forms of Chinese keyboards', () => {
    expect(parse('（星河｜问界）＋续航')).toEqual(
      and(or(term('星河'), term('问界')), term('续航')),
    );
    expect(parse('星河\u3000续航')).toEqual(and(term('星河'), term('续航')));
    expect(parse('“星河 S7”')).toEqual(term('星河 s7'));
    expect(parse('title：续航')).toEqual(term('续航', 'title'));
  });

  it('keeps spaces and operators literal inside quotes', () => {
    expect(parse('"星河 S7"')).toEqual(term('星河 s7'));
    expect(parse('"a | b (c) -d + e"')).toEqual(term('a | b (c) -d + e'));
    expect(parse('"title:a"')).toEqual(term('title:a'));
    // Any double quote closes, since IMEs do not always pair “ with ”.
    expect(parse('“a b"')).toEqual(term('a b'));
    expect(parse('”a b”')).toEqual(term('a b'));
  });

  it('splits terms at parentheses and quotes', () => {
    expect(parse('a(b)')).toEqual(and(a, b));
    expect(parse('a"b c"')).toEqual(and(a, term('b c')));
  });

  it('scopes terms to title and author', () => {
    expect(parse('title:续航')).toEqual(term('续航', 'title'));
    expect(parse('author:"星河汽车 官方"')).toEqual(term('星河汽车 官方', 'author'));
    expect(parse('TITLE:Xy')).toEqual(term('xy', 'title'));
    expect(parse('title:a b')).toEqual(and(term('a', 'title'), b));
    expect(parse('title:a|author:b')).toEqual(or(term('a', 'title'), term('b', 'author')));
    // Only the two known scopes at the start of a term are prefixes.
    expect(parse('subtitle:x')).toEqual(term('subtitle:x'));
    expect(parse('https://a.cn')).toEqual(term('https://a.cn'));
    expect(parse('a:title:b')).toEqual(term('a:title:b'));
  });

  it.each([
    ['| a', 0, '第 1 个字符处缺少关键词'],
    ['a |', 3, '第 4 个字符处缺少关键词'],
    ['a | | b', 4, '第 5 个字符处缺少关键词'],
    ['a +', 3, '第 4 个字符处缺少关键词'],
    ['+ a', 0, '第 1 个字符处缺少关键词'],
    ['()', 1, '第 2 个字符处缺少关键词'],
    ['(a |)', 4, '第 5 个字符处缺少关键词'],
    ['-', 1, '第 2 个字符处缺少关键词'],
    ['a - b', 3, '第 4 个字符处缺少关键词'],
    ['title:', 6, '第 7 个字符处缺少关键词'],
    ['title: a', 6, '第 7 个字符处缺少关键词'],
    ['author:(a)', 7, '第 8 个字符处缺少关键词'],
    ['a ""', 2, '第 3 个字符处缺少关键词'],
    ['(a b', 4, '第 5 个字符处缺少右括号'],
    ['（a (b)', 6, '第 7 个字符处缺少右括号'],
    ['a b)', 3, '第 4 个字符处有多余的右括号'],
    [') a', 0, '第 1 个字符处有多余的右括号'],
    ['(a))', 3, '第 4 个字符处有多余的右括号'],
    ['a |）', 3, '第 4 个字符处有多余的右括号'],
    ['星河 "S7', 3, '第 4 个字符处的引号没有闭合'],
    ['author:“星河', 7, '第 8 个字符处的引号没有闭合'],
  ])('rejects %j at position %i', (input, position, message) => {
    expect(parseKeywordQuery(input)).toEqual({ ok: false, error: { message, position } });
  });

  it('limits the input to 2000 characters', () => {
    expect(parseKeywordQuery('a'.repeat(2000)).ok).toBe(true);
    for (const input of ['a'.repeat(2001), ' '.repeat(2001)])
      expect(parseKeywordQuery(input)).toEqual({
        ok: false,
        error: { message: '第 2001 个字符处超出长度上限（最多 2000 个字符）', position: 2000 },
      });
  });

  it('limits a query to 100 terms', () => {
    const terms = (count: number) => Array.from({ length: count }, (_, i) => `t${i}`);
    expect(parseKeywordQuery(terms(100).join(' ')).ok).toBe(true);
    const input = `${terms(100).join(' ')} | title:x`;
    expect(parseKeywordQuery(input)).toEqual({
      ok: false,
      error: {
        message: `第 ${input.length - 6} 个字符处超出关键词数量上限（最多 100 个）`,
        position: input.length - 7,
      },
    });
  });

  it('limits nesting of parentheses and negations to 32 levels', () => {
    const parens = (levels: number) => `${'('.repeat(levels)}a${')'.repeat(levels)}`;
    expect(parse(parens(32))).toEqual(a);
    expect(parse(`${'-'.repeat(32)}a`)).toEqual(a);
    expect(parse(`${'(-'.repeat(16)}a${')'.repeat(16)}`)).toEqual(a);
    const tooDeep = '嵌套过深（括号和减号最多 32 层）';
    expect(parseKeywordQuery(parens(33))).toEqual({
      ok: false,
      error: { message: `第 33 个字符处${tooDeep}`, position: 32 },
    });
    expect(parseKeywordQuery(`${'-'.repeat(1999)}a`)).toEqual({
      ok: false,
      error: { message: `第 33 个字符处${tooDeep}`, position: 32 },
    });
    expect(parseKeywordQuery(`${'('.repeat(1999)}a`).ok).toBe(false);
  });
});

describe('matchesKeyword', () => {
  const post = {
    title: '星河 S7 续航测试',
    text: '车主说 TESLA 更贵',
    body: '',
    author: '星河汽车官方',
  };

  it('matches unscoped terms as substrings of title, text or body', () => {
    expect(matches('续航', post)).toBe(true);
    expect(matches('车主', post)).toBe(true);
    expect(matches('正文', { body: '这是正文' })).toBe(true);
    expect(matches('官方', post)).toBe(false); // author only
  });

  it('ignores Latin case on both sides', () => {
    expect(matches('tesla', post)).toBe(true);
    expect(matches('s7', post)).toBe(true);
    expect(matches('TeSLa', { title: 'tesla' })).toBe(true);
  });

  it('scopes title: to the title and author: to the author', () => {
    expect(matches('title:续航', post)).toBe(true);
    expect(matches('title:车主', post)).toBe(false);
    expect(matches('author:汽车', post)).toBe(true);
    expect(matches('author:续航', post)).toBe(false);
    expect(matches('author:"星河汽车 官方"', post)).toBe(false);
  });

  it('combines with AND, OR and NOT', () => {
    expect(matches('星河 tesla', post)).toBe(true);
    expect(matches('星河 问界', post)).toBe(false);
    expect(matches('问界 | 星河', post)).toBe(true);
    expect(matches('问界 | 理想', post)).toBe(false);
    expect(matches('星河 -tesla', post)).toBe(false);
    expect(matches('星河 -(问界 | 理想)', post)).toBe(true);
    expect(matches('问界 理想 | 续航', post)).toBe(true);
  });

  it('lets a NOT-only query mean everything except', () => {
    expect(matches('-广告', post)).toBe(true);
    expect(matches('-广告', { body: '广告合作' })).toBe(false);
  });
});

describe('keywordTerms', () => {
  it('lists distinct terms outside NOT, in order', () => {
    expect(keywordTerms(parse('b A -c (a | -(d e)) title:B author:f')!)).toEqual(['b', 'a', 'f']);
    expect(keywordTerms(parse('-a')!)).toEqual([]);
  });
});

describe('round trip (property)', () => {
  const pieces = [
    'a',
    'b',
    'x',
    '星',
    '河',
    '-',
    ':',
    ' ',
    '\u3000',
    '(',
    '|',
    '+',
    '）',
    'title:',
  ];
  const text = fc
    .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join(''));
  const termArb = fc.record({
    kind: fc.constant('term' as const),
    text,
    scope: fc.constantFrom<KeywordScope>('all', 'title', 'author'),
  });
  const { node } = fc.letrec<{ node: KeywordNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
      termArb,
      fc.record({ kind: fc.constant('not' as const), child: tie('node') }),
      fc.record({
        kind: fc.constant('and' as const),
        children: fc.array(tie('node'), { minLength: 2, maxLength: 3 }),
      }),
      fc.record({
        kind: fc.constant('or' as const),
        children: fc.array(tie('node'), { minLength: 2, maxLength: 3 }),
      }),
    ),
  }));
  const field = fc
    .array(fc.constantFrom(...pieces, 'A', 'B', 'X', 'Title:'), { maxLength: 8 })
    .map((parts) => parts.join(''));
  const post = fc.record({ title: field, text: field, body: field, author: field });
  // The printer's spelling choices (ASCII or full-width, spaces or '+', ...) come from here.
  const choices = fc.array(fc.nat(), { minLength: 1, maxLength: 20 });

  function printer(seed: number[]) {
    let next = 0;
    const pick = (...options: string[]) => options[seed[next++ % seed.length]! % options.length]!;
    const bare = /^[^\s()（）|｜+＋"“”-][^\s()（）|｜+＋"“”]*$/;
    const group = (node: KeywordNode) => `${pick('(', '（')}${print(node)}${pick(')', '）')}`;
    const printTerm = (node: KeywordNode & { kind: 'term' }) => {
      const scope = node.scope === 'all' ? '' : `${node.scope}${pick(':', '：')}`;
      const plain =
        bare.test(node.text) && !(node.scope === 'all' && /^(title|author)[:：]/i.test(node.text));
      return scope + (plain ? node.text : `${pick('"', '“')}${node.text}${pick('"', '”')}`);
    };
    const print = (node: KeywordNode): string => {
      switch (node.kind) {
        case 'term':
          return printTerm(node);
        case 'not':
          return `-${node.child.kind === 'term' || node.child.kind === 'not' ? print(node.child) : group(node.child)}`;
        case 'and':
          return node.children
            .map((child) =>
              child.kind === 'and' || child.kind === 'or' ? group(child) : print(child),
            )
            .reduce((left, right) => left + pick(' ', '+', ' + ', '\u3000', '＋') + right);
        case 'or':
          return node.children
            .map((child) => (child.kind === 'or' ? group(child) : print(child)))
            .reduce((left, right) => left + pick(' | ', '|', '｜') + right);
      }
    };
    return print;
  }

  it('parses printed queries to an equivalent tree', () => {
    fc.assert(
      fc.property(node, choices, fc.array(post, { maxLength: 10 }), (ast, seed, posts) => {
        const query = printer(seed)(ast);
        fc.pre(query.length <= 2000); // a deep tree of long terms can, rarely, print longer
        const parsed = parse(query);
        expect(parsed).toBeDefined();
        for (const p of posts) expect(matchesKeyword(parsed!, p)).toBe(matchesKeyword(ast, p));
      }),
      { numRuns: 500 },
    );
  });

  it('produces flat trees that print and parse back unchanged', () => {
    const flat = (n: KeywordNode): boolean => {
      if (n.kind === 'term') return true;
      if (n.kind === 'not') return n.child.kind !== 'not' && flat(n.child);
      return n.children.length >= 2 && n.children.every((ch) => ch.kind !== n.kind && flat(ch));
    };
    fc.assert(
      fc.property(node, choices, (ast, seed) => {
        const query = printer(seed)(ast);
        fc.pre(query.length <= 2000);
        const parsed = parse(query)!;
        expect(flat(parsed)).toBe(true);
        expect(parse(printer(seed)(parsed))).toEqual(parsed);
      }),
      { numRuns: 300 },
    );
  });

  it('answers any input without throwing, with a position inside it', () => {
    const anyInput = fc
      .array(fc.constantFrom(...pieces, '"', '“', '”', '(', ')', '（', '｜', '＋', 'author:'), {
        maxLength: 30,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = parseKeywordQuery(input);
        if (result.ok) return;
        expect(result.error.position).toBeGreaterThanOrEqual(0);
        expect(result.error.position).toBeLessThanOrEqual(input.length);
        expect(result.error.message).toContain(`第 ${result.error.position + 1} 个字符处`);
      }),
      { numRuns: 1000 },
    );
  });
});
