import { REPORT_IMAGE_QUOTA, REPORT_THEME_QUOTA } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { quotaRefusal, sizeText } from './report-quotas.js';

const MB = 1024 * 1024;
const none = { count: 0, bytes: 0 };

describe('report quotas', () => {
  it('names the project bytes limit when the project is full though the member is not', () => {
    const { perProject } = REPORT_IMAGE_QUOTA;
    const usage = { user: none, project: { count: 10, bytes: perProject.bytes - MB } };
    const image = { count: 1, bytes: 2 * MB };
    expect(quotaRefusal('image', usage, { user: image, project: image })).toBe(
      '本项目报告图片总大小超出上限：每个项目最多 200 MB（已用 199 MB），请联系项目管理员清理',
    );
    expect(
      quotaRefusal('image', usage, { user: image, project: { count: 1, bytes: MB } }),
    ).toBeUndefined();
  });

  it('names the member limit first, and lets what does not grow pass', () => {
    const { perUser } = REPORT_THEME_QUOTA;
    const full = { count: perUser.count, bytes: perUser.bytes };
    const usage = { user: full, project: full };
    expect(quotaRefusal('theme', usage, { user: { count: 1, bytes: 10 }, project: none })).toBe(
      `报告主题数量已达上限：每人最多 ${perUser.count} 个，请先删除不再使用的主题`,
    );
    // Replacing a theme by one no larger.
    const replace = { count: 0, bytes: -5 };
    expect(quotaRefusal('theme', usage, { user: replace, project: replace })).toBeUndefined();
  });

  it('writes sizes as people read them', () => {
    expect(sizeText(20 * MB)).toBe('20 MB');
    expect(sizeText(19.5 * MB)).toBe('19.5 MB');
    expect(sizeText(64 * 1024)).toBe('64 KB');
    expect(sizeText(512)).toBe('512 字节');
  });
});
