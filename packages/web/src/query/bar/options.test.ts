import { project } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { builtInOptions } from './options';

const demo = project.parse({
  menus: [],
  name: '演示项目',
  customer: 'demo',
  repository: 'demo',
  project: 'demo',
  created_at: '2024-01-01',
  isSubject: false,
  medias: [{ code: 'Weibo', name: '新浪微博' }],
});

describe('builtInOptions', () => {
  it("names every platform: the project's name first, else the product's Chinese name", () => {
    const labels = Object.fromEntries(
      builtInOptions('media_platform', demo).map((option) => [option.value, option.label]),
    );
    expect(labels.Weibo).toBe('新浪微博');
    expect(labels.QA).toBe('问答');
    expect(labels.Dewu).toBe('得物');
    expect(Object.entries(labels).filter(([code, label]) => code === label)).toEqual([]);
  });
});
