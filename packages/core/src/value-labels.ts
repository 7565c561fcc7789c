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
