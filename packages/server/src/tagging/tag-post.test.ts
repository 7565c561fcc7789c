import { describe, expect, it } from 'vitest';
import { demoProfile } from '../seed/demo-project.js';
import { demoRules } from '../seed/demo-rules.js';
import { compileMatcher } from './compile-matcher.js';
import { tagPost } from './tag-post.js';

const matcher = compileMatcher(demoRules);

describe('tagPost with the demo rules', () => {
  it("gives leaf paths of the demo project's brand and topic trees, the emotion and main topic", () => {
    const tags = tagPost(matcher, {
      title: '星河S7续航实测',
      text: '星河S7的续航很满意，冬季续航也够用。星河汽车的售后服务太差，B5的外观很好看',
    });
    expect(tags.kg_infos).toEqual({
      category_paths: ['/品类/轿车', '/品类/SUV'],
      brand_paths: ['/品牌/星河汽车/星河S7', '/品牌/竞品B/B5'],
      topic_paths: ['/话题/产品口碑/续航', '/话题/售后服务/维修', '/话题/产品口碑/外观设计'],
      emotion: '正面',
      main_topic: '续航',
    });
    expect(tags.product_mentions).toEqual(['星河S7', 'B5']);
    expect(tags.product_infos[1]).toEqual({
      brand: '竞品B',
      category: 'SUV',
      product_name: 'B5',
      product_type: '紧凑型SUV',
    });
    for (const path of tags.kg_infos.brand_paths) expect(demoProfile.brand_paths).toContain(path);
    for (const path of tags.kg_infos.topic_paths) expect(demoProfile.topic_paths).toContain(path);
  });

  it('gives a brand path when none of its products is named, and no emotion when nothing is found', () => {
    expect(tagPost(matcher, { text: '竞品A的售后很差' }).kg_infos).toMatchObject({
      brand_paths: ['/品牌/竞品A'],
      emotion: '负面',
    });
    expect(tagPost(matcher, { text: '今天去公园散步' }).kg_infos).toEqual({
      category_paths: [],
      brand_paths: [],
      topic_paths: [],
      emotion: '',
      main_topic: '',
    });
  });

  it("keeps every demo brand and topic path in the demo project's trees", () => {
    const brandPaths = [...matcher.brandPaths.values(), ...matcher.productPaths.values()];
    for (const path of brandPaths) expect(demoProfile.brand_paths).toContain(path);
    for (const topic of demoRules.topics) expect(demoProfile.topic_paths).toContain(topic.path);
  });
});
