import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** A Chinese text written in the web app's code instead of coming from the locales. */
export interface ChineseLiteral {
  file: string;
  line: number;
  text: string;
}

export const WEB_SRC = fileURLToPath(new URL('..', import.meta.url));

const CHINESE = /[\u3400-\u9fff\uff01-\uff5e\u3001-\u3011]/;
/** Calls whose string arguments are texts of the locales. */
const TRANSLATING_CALLS = new Set(['t', 'zh']);
/** A line that holds Chinese on purpose (a stored value, a pattern over posts) says why. */
const IGNORE_MARK = 'i18n-ignore';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['i18n', 'testing'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function isTranslated(node: ts.Node): boolean {
  const parent = node.parent;
  if (!ts.isCallExpression(parent) || !parent.arguments.includes(node as ts.Expression))
    return false;
  return ts.isIdentifier(parent.expression) && TRANSLATING_CALLS.has(parent.expression.text);
}

function literalsOf(path: string): ChineseLiteral[] {
  const code = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true);
  const lines = code.split('\n');
  const found: ChineseLiteral[] = [];
  const visit = (node: ts.Node) => {
    const isText =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node) ||
      ts.isJsxText(node);
    const text = isText ? node.getText(source) : '';
    if (isText && CHINESE.test(text) && !isTranslated(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      if (!lines[line]?.includes(IGNORE_MARK) && !lines[line - 1]?.includes(IGNORE_MARK)) {
        found.push({ file: relative(WEB_SRC, path), line: line + 1, text: text.trim() });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every Chinese literal under `dirs` (relative to packages/web/src) not passed to t() or zh(). */
export function chineseLiterals(dirs: readonly string[] = ['.']): ChineseLiteral[] {
  return dirs.flatMap((dir) => sourceFiles(join(WEB_SRC, dir))).flatMap(literalsOf);
}

// `node --import tsx packages/web/src/testing/chineseLiterals.ts features/kg` lists what is left.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = chineseLiterals(process.argv.slice(2).length ? process.argv.slice(2) : ['.']);
  const lines = found.map(({ file, line, text }) => `${file}:${line}  ${text}`);
  process.stdout.write([...lines, `${found.length} Chinese literals`, ''].join('\n'));
}
