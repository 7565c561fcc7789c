/**
 * The keyword language of the `q` field, as Chinese monitoring tools write it:
 *
 *   query   := or?                       blank input → no condition
 *   or      := and ('|' and)*
 *   and     := unary ('+'? unary)*       whitespace or '+' is AND
 *   unary   := '-' unary | primary       the '-' must touch what it negates
 *   primary := term | '(' or ')'
 *   term    := ('title:' | 'author:')? (word | '"' chars '"')
 *
 * Full-width forms （）｜＋“”： and U+3000 work like their ASCII twins. A '-' only negates where
 * a term may start, so `S7-Pro` is one term. There is no escape inside quotes.
 */

export type KeywordScope = 'all' | 'title' | 'author';
export type KeywordNode =
  | { kind: 'term'; text: string; scope: KeywordScope }
  | { kind: 'and'; children: KeywordNode[] }
  | { kind: 'or'; children: KeywordNode[] }
  | { kind: 'not'; child: KeywordNode };
export interface KeywordError {
  message: string;
  position: number;
}
export type KeywordParse =
  { ok: true; ast: KeywordNode | undefined } | { ok: false; error: KeywordError };

const MAX_LENGTH = 2000;
const MAX_TERMS = 100;
/** Parentheses and '-' nest at most this deep: each level costs every parse a few stack frames. */
const MAX_NESTING = 32;

type Operator = '(' | ')' | '|' | '+' | '-';
type Token =
  | { type: Operator; position: number }
  | { type: 'term'; position: number; text: string; scope: KeywordScope };

const OPERATORS = new Map<string, Operator>([
  ['(', '('],
  ['（', '('],
  [')', ')'],
  ['）', ')'],
  ['|', '|'],
  ['｜', '|'],
  ['+', '+'],
  ['＋', '+'],
  ['-', '-'],
]);
// A quote opened with any of these closes at the next one: IMEs do not always pair “ with ”.
const isQuote = (ch: string | undefined) => ch === '"' || ch === '“' || ch === '”';
const isSpace = (ch: string) => /\s/.test(ch); // includes U+3000
const SCOPE_PREFIX = /^(title|author)[:：]/i;

class QueryError extends Error {
  constructor(
    readonly position: number,
    problem: string,
  ) {
    super(`第 ${position + 1} 个字符处${problem}`);
  }
}
const missingKeyword = (position: number) => new QueryError(position, '缺少关键词');

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let terms = 0;
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    const operator = OPERATORS.get(ch);
    if (isSpace(ch)) {
      i++;
    } else if (operator) {
      // Words swallow inner '-', so any '-' seen here starts a term.
      tokens.push({ type: operator, position: i });
      i++;
    } else {
      if (++terms > MAX_TERMS)
        throw new QueryError(i, `超出关键词数量上限（最多 ${MAX_TERMS} 个）`);
      const { token, end } = readTerm(input, i);
      tokens.push(token);
      i = end;
    }
  }
  return tokens;
}

function readTerm(input: string, start: number): { token: Token; end: number } {
  let i = start;
  let scope: KeywordScope = 'all';
  const prefix = SCOPE_PREFIX.exec(input.slice(start));
  if (prefix) {
    scope = prefix[1]!.toLowerCase() as KeywordScope;
    i += prefix[0].length;
  }
  let text: string;
  let end: number;
  if (isQuote(input[i])) {
    let close = i + 1;
    while (close < input.length && !isQuote(input[close])) close++;
    if (close === input.length) throw new QueryError(i, '的引号没有闭合');
    text = input.slice(i + 1, close);
    end = close + 1;
  } else {
    end = i;
    while (end < input.length && !isDelimiter(input[end]!)) end++;
    text = input.slice(i, end);
  }
  if (text === '') throw missingKeyword(i);
  return { token: { type: 'term', position: start, text: text.toLowerCase(), scope }, end };
}

const isDelimiter = (ch: string) => isSpace(ch) || isQuote(ch) || (ch !== '-' && OPERATORS.has(ch));

/** Joins nodes under `kind`, flattening nested nodes of the same kind; one node stands alone. */
function combine(kind: 'and' | 'or', nodes: KeywordNode[]): KeywordNode {
  const children = nodes.flatMap((node) =>
    (node.kind === 'and' || node.kind === 'or') && node.kind === kind ? node.children : [node],
  );
  return children.length === 1 ? children[0]! : { kind, children };
}

function parseTokens(tokens: Token[], length: number): KeywordNode {
  let index = 0;
  let depth = 0;
  let nesting = 0;
  const nest = (position: number) => {
    if (++nesting > MAX_NESTING)
      throw new QueryError(position, `嵌套过深（括号和减号最多 ${MAX_NESTING} 层）`);
  };
  const peek = (): Token | undefined => tokens[index];
  const positionOf = (token: Token | undefined) => token?.position ?? length;
  const startsOperand = (token: Token | undefined) =>
    token?.type === 'term' || token?.type === '(' || token?.type === '-';

  function parseOr(): KeywordNode {
    const children = [parseAnd()];
    while (peek()?.type === '|') {
      index++;
      children.push(parseAnd());
    }
    return combine('or', children);
  }

  function parseAnd(): KeywordNode {
    const children = [parseUnary()];
    for (;;) {
      if (peek()?.type === '+') index++;
      else if (!startsOperand(peek())) break;
      children.push(parseUnary());
    }
    return combine('and', children);
  }

  function parseUnary(): KeywordNode {
    const minus = peek();
    if (minus?.type !== '-') return parsePrimary();
    index++;
    if (positionOf(peek()) !== minus.position + 1) throw missingKeyword(minus.position + 1);
    nest(minus.position);
    const child = parseUnary();
    nesting--;
    // `--a` is `a`. Dropping double negations keeps the tree depth bounded by the term limit,
    // which matters once the engine compiles it to nested SQL.
    return child.kind === 'not' ? child.child : { kind: 'not', child };
  }

  function parsePrimary(): KeywordNode {
    const token = peek();
    if (token?.type === 'term') {
      index++;
      return { kind: 'term', text: token.text, scope: token.scope };
    }
    if (token?.type === '(') {
      index++;
      depth++;
      nest(token.position);
      const inner = parseOr();
      if (peek()?.type !== ')') throw new QueryError(positionOf(peek()), '缺少右括号');
      index++;
      depth--;
      nesting--;
      return inner;
    }
    if (token?.type === ')' && depth === 0) throw new QueryError(token.position, '有多余的右括号');
    throw missingKeyword(positionOf(token));
  }

  const ast = parseOr();
  // parseOr stops only at the end or at a ')' it has no '(' for.
  const rest = peek();
  if (rest) throw new QueryError(rest.position, '有多余的右括号');
  return ast;
}

/** Parses a `q` value. Positions in errors are 0-based indexes into `input`. */
export function parseKeywordQuery(input: string): KeywordParse {
  try {
    if (input.length > MAX_LENGTH)
      throw new QueryError(MAX_LENGTH, `超出长度上限（最多 ${MAX_LENGTH} 个字符）`);
    const tokens = tokenize(input);
    return { ok: true, ast: tokens.length === 0 ? undefined : parseTokens(tokens, input.length) };
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return { ok: false, error: { message: error.message, position: error.position } };
  }
}

/** Evaluates a parsed query on one post: the reference the SQL compilation must agree with. */
export function matchesKeyword(
  ast: KeywordNode,
  post: { title: string; text: string; body: string; author: string },
): boolean {
  const title = post.title.toLowerCase();
  const text = post.text.toLowerCase();
  const body = post.body.toLowerCase();
  const author = post.author.toLowerCase();
  const test = (node: KeywordNode): boolean => {
    switch (node.kind) {
      case 'term':
        if (node.scope === 'title') return title.includes(node.text);
        if (node.scope === 'author') return author.includes(node.text);
        return title.includes(node.text) || text.includes(node.text) || body.includes(node.text);
      case 'and':
        return node.children.every(test);
      case 'or':
        return node.children.some(test);
      case 'not':
        return !test(node.child);
    }
  };
  return test(ast);
}

/** The distinct texts of terms not under any NOT, in order of appearance, for highlighting. */
export function keywordTerms(ast: KeywordNode): string[] {
  const terms = new Set<string>();
  const visit = (node: KeywordNode): void => {
    if (node.kind === 'term') terms.add(node.text);
    else if (node.kind !== 'not') node.children.forEach(visit);
  };
  visit(ast);
  return [...terms];
}
