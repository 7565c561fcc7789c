import { POST_COLUMNS } from '../export/posts-file.js';

/** What the posts export (export/posts-file.ts) names each field it writes, by header. */
const EXPORTED_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  POST_COLUMNS.flatMap((column) => (column.field ? [[column.header, column.field]] : [])),
);
/** Headers that name a column of posts: the export's Chinese ones and the field names. */
export const POSTS_HEADER_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(EXPORTED_FIELDS),
  ...Object.values(EXPORTED_FIELDS),
]);

const CODED = new Set(['media_platform', 'media_type']);
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/**
 * A CSV row of the product's own posts export read as an import row: its Chinese headers as the
 * fields they name, platform and media-type names as their codes (`codes`: name → code, the
 * project's first), 是/否 as YES/NO, path lists as `a|b`, and the apostrophe the export puts before
 * formula-like text dropped. A row whose headers are field names already is left as it is; columns
 * the export derives (tags read by the rules) are dropped, to be derived again.
 */
export function fromExportedColumns(
  cells: Readonly<Record<string, string>>,
  codes: ReadonlyMap<string, string>,
): Record<string, string> {
  if (!('帖子ID' in cells || '发布时间' in cells)) return { ...cells };
  const row: Record<string, string> = {};
  for (const [header, raw] of Object.entries(cells)) {
    const field = EXPORTED_FIELDS[header];
    if (field === undefined) continue;
    const text = raw.replace(FORMULA_GUARD, '');
    if (CODED.has(field)) row[field] = codes.get(text) ?? text;
    else if (field === 'water_post')
      row[field] = text === '是' ? 'YES' : text === '否' ? 'NO' : text;
    else if (field.endsWith('_paths')) row[field] = text.split(/;\s*/).filter(Boolean).join('|');
    else row[field] = text;
  }
  return row;
}
