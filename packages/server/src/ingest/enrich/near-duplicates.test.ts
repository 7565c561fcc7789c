import { describe, expect, it } from 'vitest';
import {
  BANDS,
  MIN_SHINGLES,
  NearDuplicateFinder,
  SKETCH,
  duplicateContent,
  duplicateKey,
  fingerprintOf,
  overlapOf,
  parseDuplicateKey,
  repeats,
  shingleHashes,
} from './near-duplicates.js';

const WARNING =
  '【暴雨预警升级】中央气象台8月1日06时继续发布暴雨橙色预警：预计8月1日08时至2日08时，北京、' +
  '天津、河北中南部、山东西北部等地的部分地区有大到暴雨，请公众注意防范城市内涝和山洪地质灾害。';
const SHORT = '这家酒店早餐不错，位置也方便';
const TITLE = '台风红霞已加强为强台风';

/** Whether `post`, written after `earlier`, repeats it by the import's rule. */
function repeatsEarlier(post: string, earlier: string): boolean {
  const finder = new NearDuplicateFinder();
  const first = fingerprintOf(earlier);
  if (first) finder.add('earlier', 1, first);
  const second = fingerprintOf(post);
  return second !== undefined && finder.find('post', 2, second) !== undefined;
}

describe('duplicateContent', () => {
  it('keeps letters and digits, lower-case, without what copies add', () => {
    expect(
      duplicateContent('转发微博 //@人民日报: 台风【红霞】来了！[抓狂][抓狂] https://t.cn/A6x'),
    ).toBe('台风红霞来了');
    expect(duplicateContent('回复@小明_2024:同意😂👍🏻 #高考加油# Repost 网页链接')).toBe('同意');
    expect(duplicateContent('ＡＢＣ　１２３ @someone 转发')).toBe('abc123');
  });
});

describe('the duplicate rule', () => {
  it.each([
    ['转发', `${SHORT} 转发`],
    ['a URL', `${SHORT} https://t.cn/A6abcd`],
    ['an @mention', `@央视新闻 ${SHORT}`],
    ['an emoticon', `${SHORT}[doge]`],
    ['an emoji', `${SHORT}😂😂`],
    ['a short comment', `太可怕了！${SHORT}`],
    ['a //@ chain', `${SHORT} 转发 //@小明: ${SHORT}`],
    ['a chain with a comment', `说得对//@人民日报:${SHORT}`],
    ['a character removed', SHORT.replace('也', '')],
    ['转发微博 and a chain', `转发微博 //@小明同学: ${WARNING}`],
    ['three characters removed from a long post', WARNING.replace('继续', '').replace('请', '')],
    ['a comment on a title', `${TITLE} 真的假的`],
  ])('marks a repost with %s', (_what, copy) => {
    const original = copy.includes(TITLE) ? TITLE : copy.includes('暴雨') ? WARNING : SHORT;
    expect(repeatsEarlier(copy, original)).toBe(true);
  });

  it.each([
    ['emoticons only', '不湿身[抓狂][抓狂][抓狂]', '好热啊[抓狂][抓狂][抓狂]'],
    ['the same emoticons after a short text', '不湿身[抓狂][抓狂][抓狂]', '不湿身[哈哈]'],
    ['a stock phrase', '转发微博 今天天气真好', '转发微博 明天要考试了'],
    ['a hashtag', '#台风红霞# 注意安全哦', '#台风红霞# 窗户都在响'],
    ['laughter', '哈哈哈哈哈哈 笑死', '哈哈哈哈哈哈 绝了'],
    ['a Latin name', 'TheShy力竭了[抓狂]', 'TheShy霸榜[抓狂]'],
    ['a few words', '这家酒店早餐不错', '这家酒店服务很差，不推荐'],
  ])('spares distinct short posts sharing %s', (_what, earlier, post) => {
    expect(repeatsEarlier(post, earlier)).toBe(false);
  });

  it('compares no post with too little content', () => {
    expect(shingleHashes(duplicateContent('不湿身[抓狂][抓狂][抓狂]')).length).toBeLessThan(
      MIN_SHINGLES,
    );
    expect(fingerprintOf('不湿身[抓狂][抓狂][抓狂]')).toBeUndefined();
    expect(fingerprintOf('[哈哈] 转发微博 https://t.cn/x @某人')).toBeUndefined();
    expect(duplicateKey('好的')).toBe('');
  });

  it('counts shares of bigrams, estimated on sketches for long posts', () => {
    const overlap = overlapOf(
      shingleHashes(duplicateContent(`${SHORT}，强烈推荐`)),
      shingleHashes(duplicateContent(SHORT)),
    );
    expect(overlap.ofEarlier).toBe(1);
    expect(overlap.ofPost).toBe(12 / 16);
    expect(overlap.similarity).toBe(12 / 16);
    expect(repeats(overlap)).toBe(true);
    const long = fingerprintOf(WARNING)!;
    expect(long.sketch.length).toBe(SKETCH);
    expect(overlapOf(long.sketch, long.sketch).similarity).toBe(1);
  });
});

describe('duplicate keys', () => {
  it('round-trip the fingerprint, and refuse what is not one', () => {
    const key = duplicateKey(WARNING);
    const parsed = parseDuplicateKey(key)!;
    const fingerprint = fingerprintOf(WARNING)!;
    expect([...parsed.bands]).toEqual([...fingerprint.bands]);
    expect([...parsed.sketch]).toEqual([...fingerprint.sketch]);
    expect(parsed.bands.length).toBe(BANDS);
    expect(parseDuplicateKey('')).toBeUndefined();
    expect(parseDuplicateKey('0000000000000000')).toBeUndefined();
    expect(parseDuplicateKey('a2V5MQ==')).toBeUndefined();
  });
});

describe('NearDuplicateFinder', () => {
  it('finds an earlier post of another _id, the most similar one', () => {
    const finder = new NearDuplicateFinder(4);
    finder.add('a', 100, fingerprintOf(SHORT)!);
    finder.add('b', 200, fingerprintOf(`${SHORT}，强烈推荐，下次还来`)!);
    const copy = fingerprintOf(`${SHORT}，强烈推荐，下次还来！转发`)!;
    expect(finder.ids[finder.find('c', 300, copy)!.place]).toBe('b');
    // Only posts written at or before it, and never its own _id.
    expect(finder.find('c', 50, copy)).toBeUndefined();
    expect(finder.find('b', 300, fingerprintOf(`${SHORT}，强烈推荐，下次还来`)!)?.place).toBe(0);
    expect(finder.find('d', 300, fingerprintOf(WARNING)!)).toBeUndefined();
  });

  it('holds a project’s stored originals, growing past its first size', () => {
    let seed = 7;
    const character = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return String.fromCharCode(0x4e00 + (seed % 3000));
    };
    const texts = Array.from({ length: 3000 }, () =>
      Array.from({ length: 30 }, character).join(''),
    );
    const stored = {
      ids: texts.map((_, i) => `s${i}`),
      created: texts.map((_, i) => i),
      keys: texts.map(duplicateKey),
    };
    const finder = NearDuplicateFinder.of({
      ids: [...stored.ids, 'bad'],
      created: [...stored.created, 0],
      keys: [...stored.keys, 'not a key'],
    });
    expect(finder.size).toBe(3000);
    const match = finder.find('new', 5000, fingerprintOf(`转发 ${texts[1234]}`)!);
    expect(match && finder.ids[match.place]).toBe('s1234');
    expect(finder.createdAt(match!.place)).toBe(1234);
  });
});
