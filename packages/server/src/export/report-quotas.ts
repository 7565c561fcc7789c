import { REPORT_IMAGE_QUOTA, REPORT_THEME_QUOTA } from '@yuqing/core';
import type { QuotaUsage, StoredUsage } from '../store/reports.repo.js';

const KB = 1024;
const MB = 1024 * KB;

/** Bytes as people read them: "20 MB", "19.5 MB", "64 KB". */
export function sizeText(bytes: number): string {
  const scaled = (unit: number, name: string) =>
    `${(bytes / unit).toFixed(1).replace(/\.0$/, '')} ${name}`;
  if (bytes >= MB) return scaled(MB, 'MB');
  if (bytes >= KB) return scaled(KB, 'KB');
  return `${bytes} 字节`;
}

const KINDS = {
  image: { label: '报告图片', noun: '图片', unit: '张', quota: REPORT_IMAGE_QUOTA },
  theme: { label: '报告主题', noun: '主题', unit: '个', quota: REPORT_THEME_QUOTA },
} as const;

/**
 * Why storing `adding` more (counted to the member and to the project) would pass one of the
 * kind's quotas of core's constants, naming the limit; undefined when it fits. Only what grows is
 * checked: replacing a theme by a smaller one always fits.
 */
export function quotaRefusal(
  kind: keyof typeof KINDS,
  usage: StoredUsage,
  adding: { user: QuotaUsage; project: QuotaUsage },
): string | undefined {
  const { label, noun, unit, quota } = KINDS[kind];
  const over = (used: number, added: number, limit: number) => added > 0 && used + added > limit;
  const own = `，请先删除不再使用的${noun}`;
  const project = '，请联系项目管理员清理';
  if (over(usage.user.count, adding.user.count, quota.perUser.count))
    return `${label}数量已达上限：每人最多 ${quota.perUser.count} ${unit}${own}`;
  if (over(usage.user.bytes, adding.user.bytes, quota.perUser.bytes))
    return `${label}总大小超出上限：每人最多 ${sizeText(quota.perUser.bytes)}（已用 ${sizeText(usage.user.bytes)}）${own}`;
  if (over(usage.project.count, adding.project.count, quota.perProject.count))
    return `本项目${label}数量已达上限：每个项目最多 ${quota.perProject.count} ${unit}${project}`;
  if (over(usage.project.bytes, adding.project.bytes, quota.perProject.bytes))
    return `本项目${label}总大小超出上限：每个项目最多 ${sizeText(quota.perProject.bytes)}（已用 ${sizeText(usage.project.bytes)}）${project}`;
  return undefined;
}
