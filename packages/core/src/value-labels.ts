import type { MediaPlatform } from './constants.js';

/** Chinese names of the platform codes (spec 9), used where a project names none. */
export const MEDIA_PLATFORM_LABELS: Record<MediaPlatform, string> = {
  Weibo: '微博',
  APP: '新闻客户端',
  Web: '网站',
  WeChat: '微信',
  BBS: '论坛',
  Red: '小红书',
  Bilibili: '哔哩哔哩',
  Kuaishou: '快手',
  Douyin: '抖音',
  QA: '问答',
  Dewu: '得物',
};

/** Codes of a project's media and media types, with their display names. */
interface NamedCodes {
  medias: readonly { name: string; code: string }[];
  mediaTypes: readonly { name: string; code: string }[];
}

/**
 * Display names of stored codes (platforms, media types): the project's own names first, then
 * the product's. A value without a name (a province, an author) shows as itself.
 */
export function valueLabels(project: NamedCodes | undefined): Map<string, string> {
  const labels = new Map<string, string>(Object.entries(MEDIA_PLATFORM_LABELS));
  for (const { code, name } of project?.mediaTypes ?? []) labels.set(code, name);
  for (const { code, name } of project?.medias ?? []) labels.set(code, name);
  return labels;
}

/** What the codes of a field mean, where the codes alone say nothing to a reader. */
export const FIELD_CODE_HELP: Partial<Record<string, string>> = {
  media_level:
    '媒体级别：A 级影响力最大（央级、头部媒体），依次到 E 级；O 为其他（多为粉丝较少的个人账号）',
  account_type: '账号类型：UGC 为个人用户，PGC 为媒体与自媒体，BGC 为品牌与机构官方账号',
};
