import { describe, expect, it } from 'vitest';
import {
  hammingDistance,
  NEAR_DUPLICATE_BITS,
  NearDuplicateIndex,
  NO_WORDS_SIMHASH,
  simhash,
} from './simhash.js';

const WARNING =
  '【暴雨预警升级】中央气象台8月1日06时继续发布暴雨橙色预警：预计8月1日08时至2日08时，北京、' +
  '天津、河北中南部、山东西北部等地的部分地区有大到暴雨，其中北京西部和南部、河北中部等地局地有' +
  '大暴雨。请公众注意防范城市内涝和山洪地质灾害，减少不必要的外出。';
const SCHOOL =
  '家长们注意了！今年秋季学期起，我市义务教育阶段学校将全面推行课后延时服务，每周不少于5天，' +
  '每天不少于2小时，服务内容包括作业辅导、兴趣拓展和体育锻炼等，家长可自愿报名，不收取任何费用。' +
  '详情请咨询所在学校。';
const UNRELATED = [
  WARNING,
  SCHOOL,
  '这家酒店的服务很好，早餐丰富，位置方便，下次还会入住。',
  '这本书写得很差，印刷也有问题，不推荐购买。',
  '新款手机续航明显提升，拍照效果也比上一代好很多，就是价格有点贵。',
  '快递三天才到，包装破损，客服一直推脱责任，体验非常糟糕。',
  '国家统计局今天发布数据，前三季度国内生产总值同比增长5.2%，消费对经济增长的贡献率继续提高。',
  '周末带孩子去了动物园，熊猫馆人太多了，排队排了一个多小时，不过孩子玩得很开心。',
];

describe('simhash', () => {
  it('gives 16 lowercase hex digits, the same for the same text', () => {
    expect(simhash(WARNING)).toMatch(/^[0-9a-f]{16}$/);
    expect(simhash(WARNING)).toBe(simhash(WARNING));
  });

  it('hashes text without words to zero', () => {
    expect(NO_WORDS_SIMHASH).toBe('0000000000000000');
    expect(simhash('')).toBe(NO_WORDS_SIMHASH);
    expect(simhash('！！ … https://t.cn/x @某人')).toBe(NO_WORDS_SIMHASH);
  });

  it('ignores mentions, links, punctuation, spacing and letter width', () => {
    const copies = [
      `@中国气象局 ${WARNING} https://t.cn/A6abcd`,
      WARNING.replace(/，/g, ' ').replace(/。/g, '！'),
      WARNING.replace('8月1日', '８月１日'),
    ];
    for (const copy of copies) expect(hammingDistance(simhash(WARNING), simhash(copy))).toBe(0);
  });

  it.each([
    [WARNING, WARNING.replace('北京西部和南部', '北京西部')],
    [WARNING, WARNING.replace('大到暴雨', '大雨')],
    [SCHOOL, SCHOOL.replace('家长们注意了！', '')],
    [SCHOOL, SCHOOL.replace('作业辅导', '课业辅导')],
    [SCHOOL, SCHOOL.replace('我市', '本市')],
  ])('keeps a lightly edited copy near: %#', (original, edited) => {
    expect(original).not.toBe(edited);
    expect(hammingDistance(simhash(original), simhash(edited))).toBeLessThanOrEqual(
      NEAR_DUPLICATE_BITS,
    );
  });

  it('puts different texts far apart', () => {
    const hashes = UNRELATED.map(simhash);
    hashes.forEach((a, i) =>
      hashes.slice(i + 1).forEach((b) => expect(hammingDistance(a, b)).toBeGreaterThan(10)),
    );
  });
});

describe('hammingDistance', () => {
  it('counts differing bits in both halves', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('00000000f0000000', '000000000f000000')).toBe(8);
  });

  it('refuses what is not a SimHash', () => {
    expect(() => hammingDistance('', '0000000000000000')).toThrow(/SimHash/);
    expect(() => hammingDistance('ABCDEF0123456789', '0000000000000000')).toThrow(/SimHash/);
  });
});

describe('NearDuplicateIndex', () => {
  /** The hash with the given bits (0 = most significant) flipped. */
  const flip = (hash: string, bits: number[]) => {
    let value = BigInt(`0x${hash}`);
    for (const bit of bits) value ^= 1n << BigInt(63 - bit);
    return value.toString(16).padStart(16, '0');
  };
  const base = '3778463cd9a31a52';

  it('finds nothing when empty', () => {
    expect(new NearDuplicateIndex().hasNear(base)).toBe(false);
  });

  it('finds hashes up to three bits away, wherever the bits are', () => {
    const index = new NearDuplicateIndex();
    index.add(base);
    expect(index.hasNear(base)).toBe(true);
    expect(index.hasNear(flip(base, [0, 1, 2]))).toBe(true);
    expect(index.hasNear(flip(base, [0, 20, 40]))).toBe(true);
    expect(index.hasNear(flip(base, [15, 16, 63]))).toBe(true);
    expect(index.hasNear(flip(base, [0, 16, 32, 48]))).toBe(false);
    expect(index.hasNear(flip(base, [1, 2, 3, 4]))).toBe(false);
  });

  it('builds the same index from many hashes at once, repeats and wordless texts included', () => {
    const stored = [base, base, NO_WORDS_SIMHASH, flip(base, [5, 40]), '0123456789abcdef'];
    const index = NearDuplicateIndex.of(stored);
    expect(index.hasNear(flip(base, [1, 2, 3]))).toBe(true);
    expect(index.hasNear(flip(base, [5, 40, 60]))).toBe(true);
    expect(index.hasNear(flip('0123456789abcdef', [63]))).toBe(true);
    expect(index.hasNear(flip(base, [0, 16, 32, 48]))).toBe(false);
    expect(index.hasNear(NO_WORDS_SIMHASH)).toBe(false);
    expect(() => NearDuplicateIndex.of(['not a hash'])).toThrow(/SimHash/);
    // It grows as any index does.
    index.add('fedcba9876543210');
    expect(index.hasNear(flip('fedcba9876543210', [0, 31]))).toBe(true);
    expect(index.hasNear(flip(base, [0, 16, 32, 48]))).toBe(false);
  });

  it('never counts texts without words as duplicates', () => {
    const index = new NearDuplicateIndex();
    index.add(NO_WORDS_SIMHASH);
    index.add('0000000000000001');
    expect(index.hasNear(NO_WORDS_SIMHASH)).toBe(false);
    expect(index.hasNear('0000000000000003')).toBe(true);
  });

  it('agrees with comparing against every hash', () => {
    let state = 12345;
    const random32 = () => {
      state = (Math.imul(state, 1664525) + 1013904223) | 0;
      return (state >>> 0).toString(16).padStart(8, '0');
    };
    const halves = (hash: string) => [hash.slice(0, 8), hash.slice(8)].map((h) => parseInt(h, 16));
    const bitsApart = (a: number[], b: number[]) => {
      let count = 0;
      a.forEach((half, i) => {
        for (let x = half ^ b[i]!; x !== 0; x &= x - 1) count++;
      });
      return count;
    };
    const stored = Array.from({ length: 10_000 }, () => random32() + random32());
    const storedHalves = stored.map(halves);
    const index = new NearDuplicateIndex();
    for (const hash of stored) index.add(hash);
    const queries = stored.slice(0, 300).flatMap((hash, i) => {
      const bits = Array.from({ length: i % 6 }, (_, k) => (i * 7 + k * 13) % 64);
      return [flip(hash, bits), random32() + random32()];
    });
    let near = 0;
    for (const query of queries) {
      const queryHalves = halves(query);
      const expected = storedHalves.some(
        (hash) => bitsApart(hash, queryHalves) <= NEAR_DUPLICATE_BITS,
      );
      if (expected) near++;
      expect(index.hasNear(query)).toBe(expected);
    }
    expect(near).toBe(200);
  });
});
