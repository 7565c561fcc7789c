import { describe, expect, it } from 'vitest';
import { loadSentimentModel } from './sentiment.js';

/**
 * Texts written for these tests (the model's figures on real held-out posts are in its file's
 * `training.figures` and in sentiment-sources.md).
 */
describe('loadSentimentModel', () => {
  it('loads the model once per process', async () => {
    expect(await loadSentimentModel()).toBe(await loadSentimentModel());
  });

  it.each([
    ['质量很好，非常满意，推荐购买！', '正面'],
    ['服务热情周到，房间干净，下次还会再来', '正面'],
    ['太差了，非常失望，再也不买了', '负面'],
    ['客服态度恶劣，退货也不给退，垃圾', '负面'],
  ])('calls the review %s %s', async (text, expected) => {
    expect((await loadSentimentModel()).classify(text)).toBe(expected);
  });

  it.each([
    ['终于放假了[哈哈][哈哈]', '正面'],
    ['收到礼物啦😍😍', '正面'],
    ['周末和朋友去爬山[太开心]', '正面'],
    ['又加班到半夜[泪][泪]', '负面'],
    ['什么破天气[抓狂][怒]', '负面'],
    ['早高峰又堵了一个小时😡', '负面'],
  ])('reads the emoticons and emoji of %s as %s', async (text, expected) => {
    expect((await loadSentimentModel()).classify(text)).toBe(expected);
  });

  it.each([
    ['这个手机很好用', '正面'],
    ['这个手机不好用', '负面'],
    ['服务不是很好，等了很久', '负面'],
    ['味道还不错，分量也足', '正面'],
  ])('reads negation in %s as %s', async (text, expected) => {
    expect((await loadSentimentModel()).classify(text)).toBe(expected);
  });

  it.each([
    ['太棒了，支持！//@某人:这家店服务太差了，再也不去了', '正面'],
    ['垃圾，千万别买//@某人:挺好用的，推荐', '负面'],
    ['转发微博//@某人:太失望了，垃圾产品，千万别买', '负面'],
    ['回复@张三:谢谢你，太感动了', '正面'],
  ])('reads the author’s own words first in the repost %s: %s', async (text, expected) => {
    expect((await loadSentimentModel()).classify(text)).toBe(expected);
  });

  it.each([
    '国务院召开常务会议部署下半年经济工作',
    '北京今日最高气温32摄氏度',
    '第十五届全国运动会将于11月在广州开幕',
    '央行公布7月金融数据',
    '转发微博',
    '',
  ])('calls %s, which takes no side, 中性', async (text) => {
    expect((await loadSentimentModel()).classify(text)).toBe('中性');
  });

  it('scores between 0 and 1, 0.5 without words, higher for more positive text', async () => {
    const model = await loadSentimentModel();
    for (const text of ['', '   ', '@某人']) expect(model.score(text)).toBe(0.5);
    const good = model.score('很好');
    const bad = model.score('很差');
    expect(bad).toBeGreaterThanOrEqual(0);
    expect(good).toBeLessThanOrEqual(1);
    expect(good).toBeGreaterThan(bad);
  });
});
