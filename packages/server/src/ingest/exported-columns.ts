import { FIELD_LABELS, POST_PATH_FIELDS } from '@yuqing/core';

/** What the posts export (export/posts-file.ts) names each field it writes. */
const EXPORTED_FIELDS: Readonly<Record<string, string>> = {
  帖子ID: '_id',
  发布时间: 'created',
  平台: 'media_platform',
  媒体类型: 'media_type',
  媒体: 'media',
  作者: 'author',
  标题: 'title',
  正文: 'text',
  链接: 'uri',
  情感倾向: 'tendency',
  媒体等级: 'media_level',
  省份: 'province',
  互动量: 'engagement_num',
  转发数: 'repost_num',
  评论数: 'comment_num',
  点赞数: 'like_num',
  阅读数: 'read_num',
  水军: 'water_post',
  ...Object.fromEntries(POST_PATH_FIELDS.map((field) => [FIELD_LABELS[field], field])),
};
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
