import { afterEach, describe, expect, it } from 'vitest';
import { displayName, setValueLabels } from './displayName';

describe('displayName', () => {
  afterEach(() => setValueLabels(undefined));

  it("shows the project's names for codes before the product's", () => {
    expect(displayName('Red')).toBe('小红书');
    setValueLabels({
      medias: [{ code: 'Red', name: '小红书笔记' }],
      mediaTypes: [{ code: 'news', name: '新闻' }],
    });
    expect(displayName('Red')).toBe('小红书笔记');
    expect(displayName('news')).toBe('新闻');
  });

  it('shows a path by its last segment and anything else as itself', () => {
    expect(displayName('/品牌/星河汽车')).toBe('星河汽车');
    expect(displayName('/')).toBe('/');
    expect(displayName('作者甲')).toBe('作者甲');
  });
});
