/**
 * Generated and hand-written posts and queries for the engine conformance suite. Value domains
 * are deliberately small so that filters select, groups collide and ties need their tie-breaks.
 */
import fc from 'fast-check';
import {
  ACCOUNT_TYPES,
  FILTER_FIELDS,
  MEDIA_LEVELS,
  PATH_FIELDS,
  POST_PATH_FIELDS,
  SENTIMENTS,
  SORTS,
  TERM_FIELDS,
  VALUE_TYPES,
  bucketStart,
  nextBucket,
  parseKeywordQuery,
  postQuery,
  withAncestors,
  type FilterField,
  type PathField,
  type PostQuery,
  type Sort,
  type TermField,
  type ValueType,
} from '@yuqing/core';
import type {
  EngineScope,
  PostTagValues,
  PostsEngine,
  StoredPost,
} from '../../src/engine/types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const ZONES = ['Asia/Shanghai', 'America/New_York'] as const;

/** Where a run's posts are created: each crosses a DST change or month and year edges. */
export interface TimeWindow {
  name: string;
  start: number;
  end: number;
  /** Instants next to New York's clock change: the skipped or repeated hour. */
  specials: number[];
}
export const WINDOWS: TimeWindow[] = [
  {
    // Leap day, February → March, New York springs forward on 2024-03-10.
    name: 'spring',
    start: Date.parse('2024-02-26T00:00:00Z'),
    end: Date.parse('2024-03-14T00:00:00Z'),
    specials: ['2024-03-10T06:30:00Z', '2024-03-10T07:00:00Z'].map(Date.parse),
  },
  {
    // October → November, New York falls back on 2024-11-03.
    name: 'autumn',
    start: Date.parse('2024-10-27T00:00:00Z'),
    end: Date.parse('2024-11-08T00:00:00Z'),
    specials: ['2024-11-03T05:30:00Z', '2024-11-03T06:00:00Z', '2024-11-03T06:30:00Z'].map(
      Date.parse,
    ),
  },
  {
    // December → January, 2024 → 2025; the week of 2024-12-30 spans both years.
    name: 'new year',
    start: Date.parse('2024-12-26T00:00:00Z'),
    end: Date.parse('2025-01-07T00:00:00Z'),
    specials: [],
  },
];

/** Post ids: string order differs from numeric order, upper case sorts before lower case. */
export const ID_POOL = Array.from({ length: 30 }, (_, i) =>
  i % 9 === 0 ? `P${i}` : i % 11 === 5 ? `帖${i}` : `p${i}`,
);
/** Ids retweets may point to that no post has. */
export const MISSING_IDS = ['gone1', 'gone2'];

/** Non-empty values of the term fields; posts may also leave a field empty where it can be. */
export const TERM_VALUES: Record<TermField, readonly string[]> = {
  media_type: ['新闻', '社交', '视频'],
  media_platform: ['Weibo', 'WeChat', 'Douyin', 'Web'],
  media_level: MEDIA_LEVELS,
  media: ['新浪微博', '微信', 'Zhihu', '抖音'],
  author: ['张三', '李四', 'Alice', 'alice', "O'Brien", '王五'],
  tendency: SENTIMENTS,
  account_type: ACCOUNT_TYPES,
  province: ['北京', '上海', '广东', '浙江'],
  water_post: ['YES', 'NO'],
  retweeted: ['YES', 'NO'],
  'kg_infos.emotion': SENTIMENTS,
  'kg_infos.main_topic': ['续航', '价格', 'S7'],
};

/** Paths posts are tagged with (stored with their ancestors); the other path fields stay empty. */
export const PATH_VALUES: Partial<Record<PathField, readonly string[]>> = {
  brand_paths: [
    '/品牌/星河',
    '/品牌/星河/S7',
    '/品牌/星河/S9',
    '/品牌/星河汽车',
    '/品牌/竞品A',
    '/车型/SUV',
  ],
  topic_paths: ['/话题/续航', '/话题/价格', '/话题/价格/降价', '/服务', '/服务/售后'],
  tag_paths: ['/A', '/a/b', '/A/B', '/A/B/c'],
  // The same paths as brand_paths and topic_paths in part: a filter must read its own field.
  'kg_infos.category_paths': ['/汽车/SUV', '/汽车/SUV/紧凑型', '/汽车/轿车', '/A/B'],
  'kg_infos.brand_paths': ['/品牌/星河', '/品牌/星河/S7', '/品牌/竞品A'],
  'kg_infos.topic_paths': ['/话题/续航', '/话题/价格/降价', '/服务'],
};
/** Path filter values that match nothing: the root (dropped), a string prefix, unknown paths. */
const ODD_PATHS = ['/', '/品牌/星', '/不存在', '/品牌/星河/S7/x'];

/** Words of titles and texts: mixed case, LIKE wildcards, a quote, a hyphenated model name. */
export const WORDS = [
  '星河',
  '汽车',
  '星河汽车',
  'S7',
  's7',
  'S7-Pro',
  'Pro',
  '续航',
  '电池',
  '投诉',
  '好评',
  'Apple',
  'APPLE',
  '100%',
  'a_b',
  "it's",
  '价格',
  '降价',
];
export const TOKENS = ['星河', '续航', '电池', '投诉', 'S7', 's7', '价格', '好评'];
/** Screen names name missing parents; one holds characters JSON escapes. */
const SCREEN_NAMES = ['张三', 'alice', 'Zed', 'say "hi" \\ bye', ''];
const SIMHASHES = ['0000000000000000', '00000000000000ff', 'a1b2c3d4e5f60718', 'ffffffffffffffff'];

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** Where and in which zone a run's posts live. */
export interface Setting {
  window: TimeWindow;
  timeZone: (typeof ZONES)[number];
}

/** Local midnights of the zone from a day before the window to a day after, and its specials. */
export function edgesOf({ window, timeZone }: Setting): number[] {
  const edges = [...window.specials];
  for (
    let day = bucketStart(window.start - DAY, 'day', timeZone);
    day < window.end + DAY;
    day = nextBucket(day, 'day', timeZone)
  )
    edges.push(day);
  return edges;
}

/**
 * An instant in [from, to): anywhere, or on one of the edges, exactly or a millisecond off, so
 * that posts sit on bucket boundaries and range bounds often enough to tell < from <=.
 */
export function instantArb(from: number, to: number, edges: number[]): fc.Arbitrary<number> {
  const inside = edges.filter((edge) => edge - 1 >= from && edge + 1 < to);
  // No bias towards the ends: bounds there would select nothing.
  const anywhere = fc.noBias(fc.integer({ min: from, max: to - 1 }));
  if (inside.length === 0) return anywhere;
  const edge = fc.constantFrom(...inside);
  return fc.oneof(
    anywhere,
    edge,
    fc.tuple(edge, fc.constantFrom(-1, 1)).map(([at, delta]) => at + delta),
  );
}

const text = (maxWords: number) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...WORDS), { maxLength: maxWords }),
      fc.constantFrom(' ', '', '，'),
    )
    .map(([words, separator]) => words.join(separator));

const orEmpty = (values: readonly string[]) => fc.constantFrom('', ...values);

const retweetArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ retweeted: 'NO' as const }) },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        retweeted: fc.constant('YES' as const),
        rel: fc.constantFrom(...ID_POOL, ...MISSING_IDS),
        retweeted_status: fc.oneof(
          fc.record({ user: fc.record({ screen_name: fc.constantFrom(...SCREEN_NAMES) }) }),
          fc.constant({ user: {} }),
          fc.constant({ id: 'x' }),
        ),
      },
      { requiredKeys: ['retweeted', 'rel'] },
    ),
  },
  // Not counted as retweets: no parent, or not marked as a retweet.
  {
    weight: 1,
    arbitrary: fc.record({
      retweeted: fc.constant('YES' as const),
      rel: fc.constantFrom('', undefined),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      retweeted: fc.constant('NO' as const),
      rel: fc.constantFrom(...ID_POOL),
    }),
  },
);

const pathsArb = (field: PathField) =>
  fc
    .subarray([...(PATH_VALUES[field] ?? [])], { maxLength: 2 })
    .map((paths) => withAncestors(paths));

/** A post's tags as a re-tag writes them: kg_infos' paths with their ancestors. */
export const postTagValuesArb: fc.Arbitrary<PostTagValues> = fc.record({
  kg_infos: fc.record({
    category_paths: pathsArb('kg_infos.category_paths'),
    brand_paths: pathsArb('kg_infos.brand_paths'),
    topic_paths: pathsArb('kg_infos.topic_paths'),
    emotion: fc.constantFrom('' as const, ...SENTIMENTS),
    main_topic: orEmpty(TERM_VALUES['kg_infos.main_topic']),
  }),
  product_mentions: fc.subarray(['星河S7', 'B5']),
  product_infos: fc.subarray([{ brand: '星河', product_name: '星河S7' }]),
});

/** A stored post created in the window, with an id from ID_POOL. */
export function storedPostArb(setting: Setting): fc.Arbitrary<StoredPost> {
  const { window } = setting;
  const small = fc.nat({ max: 4 });
  return fc
    .record({
      _id: fc.constantFrom(...ID_POOL),
      created: instantArb(window.start, window.end, edgesOf(setting)),
      author: orEmpty(TERM_VALUES.author),
      media: orEmpty(TERM_VALUES.media),
      media_type: orEmpty(TERM_VALUES.media_type),
      media_platform: orEmpty(TERM_VALUES.media_platform),
      media_level: fc.constantFrom('' as const, ...MEDIA_LEVELS),
      account_type: fc.constantFrom('' as const, ...ACCOUNT_TYPES),
      tendency: fc.constantFrom('' as const, ...SENTIMENTS),
      province: orEmpty(TERM_VALUES.province),
      water_post: fc.constantFrom('YES' as const, 'NO' as const, 'NO' as const),
      retweet: retweetArb,
      title: text(3),
      text: text(5),
      body: fc.oneof(fc.constant(''), text(4)),
      summary: fc.option(text(2), { nil: undefined }),
      user: fc.option(
        fc.record({ screen_name: fc.constantFrom(...SCREEN_NAMES), followers_count: small }),
        { nil: undefined },
      ),
      imgs: fc.subarray(['https://img.example.com/1.jpg', 'https://img.example.com/2.png']),
      hash_tag: fc.subarray(['星河S7', '续航']),
      location: fc.option(fc.constantFrom('广东 深圳', '北京'), { nil: undefined }),
      rel_num: fc.option(small, { nil: undefined }),
      engagement_num: fc.nat({ max: 6 }),
      repost_num: small,
      comment_num: small,
      like_num: small,
      read_num: fc.constantFrom(0, 10, 100),
      others: fc.array(fc.nat({ max: 2 }), { minLength: 7, maxLength: 7 }),
      brand_paths: pathsArb('brand_paths'),
      topic_paths: pathsArb('topic_paths'),
      tag_paths: pathsArb('tag_paths'),
      kg_infos: fc.option(
        fc.record({
          category_paths: pathsArb('kg_infos.category_paths'),
          brand_paths: pathsArb('kg_infos.brand_paths'),
          topic_paths: pathsArb('kg_infos.topic_paths'),
          emotion: fc.constantFrom('' as const, ...SENTIMENTS),
          main_topic: orEmpty(TERM_VALUES['kg_infos.main_topic']),
        }),
        { nil: undefined },
      ),
      tokens: fc.array(fc.constantFrom(...TOKENS), { maxLength: 6 }),
      simhash: fc.constantFrom(...SIMHASHES),
      dup_key: fc.constantFrom('', '', 'a2V5MQ==', 'a2V5Mg=='),
      // Why it is a duplicate: the post it repeats and how close (water_post need not be YES).
      duplicate: fc.option(
        fc.record({
          duplicate_of: fc.constantFrom(...ID_POOL),
          duplicate_similarity: fc.constantFrom(0.6, 0.875, 1),
        }),
        { nil: undefined },
      ),
    })
    .map(({ retweet, others, duplicate, ...fields }) => {
      const [old_like_num, reply_num, collect_num, play_num, share_num, danmu_num, coin_num] =
        others as [number, number, number, number, number, number, number];
      const empty = Object.fromEntries(POST_PATH_FIELDS.map((field) => [field, [] as string[]]));
      return withoutUndefined({
        ...empty,
        ...fields,
        ...duplicate,
        ...retweet,
        uri: `https://example.com/posts/${encodeURIComponent(fields._id)}`,
        pic_urls: fields.imgs.map((url) => ({ thumbnail_pic: url })),
        old_like_num,
        reply_num,
        collect_num,
        play_num,
        share_num,
        danmu_num,
        coin_num,
      }) as StoredPost;
    });
}

/** Posts with distinct ids. */
export const postsArb = (setting: Setting, maxLength: number, minLength = 0) =>
  fc.uniqueArray(storedPostArb(setting), {
    selector: (post) => post._id,
    minLength,
    maxLength,
    size: 'max',
  });

/** One run's data: posts of the project under test, and of a second project sharing ids. */
export interface Dataset extends Setting {
  posts: StoredPost[];
  others: StoredPost[];
}
export const datasetArb = (maxPosts = 24): fc.Arbitrary<Dataset> =>
  fc
    .record({ window: fc.constantFrom(...WINDOWS), timeZone: fc.constantFrom(...ZONES) })
    .chain((setting) =>
      fc.record({
        window: fc.constant(setting.window),
        timeZone: fc.constant(setting.timeZone),
        posts: postsArb(setting, maxPosts, Math.min(3, maxPosts)),
        others: postsArb(setting, 6),
      }),
    );

// ---- Queries ----

/** Fields a filter or grouping names: mostly ones posts fill, sometimes any. */
export const fieldArb: fc.Arbitrary<FilterField> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<FilterField>(
      ...TERM_FIELDS,
      ...(Object.keys(PATH_VALUES) as PathField[]),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...FILTER_FIELDS) },
);

/** Filter values of a field: real ones, sometimes with ones matching nothing. */
function filterValuesArb(field: FilterField): fc.Arbitrary<string[]> {
  const isPath = (PATH_FIELDS as readonly string[]).includes(field);
  const domain = isPath
    ? withAncestors(PATH_VALUES[field as PathField] ?? PATH_VALUES.tag_paths ?? [])
    : [...TERM_VALUES[field as TermField]];
  const odd = isPath ? ODD_PATHS : ['nope'];
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.uniqueArray(fc.constantFrom(...domain), { minLength: 1, maxLength: 2 }),
    },
    fc.tuple(fc.constantFrom(...odd), fc.constantFrom(...domain)).map((values) => [...values]),
    fc.constantFrom(...odd).map((value) => [value]),
  );
}

const chipArb = fieldArb.chain((field) =>
  fc.record({
    field: fc.constant(field),
    value: filterValuesArb(field),
    exclude: fc.boolean(),
    ignore: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
  }),
);

const KEYWORDS = [
  '星河',
  '汽车',
  's7',
  'S7-Pro',
  'pro',
  '续航',
  '电池',
  'APPLE',
  '100%',
  'a_b',
  '_',
  '%',
  "it's",
  '价',
  '不存在',
  '"星河 汽车"',
  '"s7 pro"',
  'title:星河',
  'title:S7',
  'author:alice',
  'author:张',
  "author:o'b",
];

/** A `q` in the keyword language: space / + for AND, | for OR, - for NOT, () and quotes. */
export const keywordArb: fc.Arbitrary<string> = fc
  .letrec<{ expr: string; atom: string }>((tie) => ({
    expr: fc.oneof(
      { maxDepth: 2, depthIdentifier: 'q' },
      tie('atom'),
      fc
        .tuple(fc.array(tie('expr'), { minLength: 2, maxLength: 3 }), fc.constantFrom(' ', ' + '))
        .map(([parts, and]) => parts.join(and)),
      fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((parts) => parts.join(' | ')),
      tie('atom').map((atom) => `-${atom}`),
    ),
    atom: fc.oneof(
      { maxDepth: 2, depthIdentifier: 'q' },
      fc.constantFrom(...KEYWORDS),
      tie('expr').map((expr) => `(${expr})`),
    ),
  }))
  .expr.filter((q) => parseKeywordQuery(q).ok);

/**
 * A query over the window: keywords, fields, chips, denoise, and bounds (each present half the
 * time, or both always with `bounds: 'both'`), often on an edge of the setting or on `edges`.
 */
export function postQueryArb(
  setting: Setting,
  { bounds: which = 'any', edges = [] }: { bounds?: 'any' | 'both'; edges?: number[] } = {},
): fc.Arbitrary<PostQuery> {
  const { window } = setting;
  const instant = instantArb(window.start - DAY, window.end + DAY, [...edgesOf(setting), ...edges]);
  const bound = which === 'both' ? instant : fc.option(instant, { freq: 2 });
  return fc
    .record({
      bounds: fc.tuple(bound, bound),
      q: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.constantFrom(...KEYWORDS) },
        { weight: 3, arbitrary: keywordArb },
        fc.constantFrom('', '  '),
      ),
      direct: fc.oneof(
        { weight: 3, arbitrary: fc.constant([]) },
        fc.tuple(fieldArb.chain((field) => fc.tuple(fc.constant(field), filterValuesArb(field)))),
      ),
      filters: fc.option(fc.array(chipArb, { minLength: 1, maxLength: 2 }), { freq: 2 }),
      denoise: fc.constantFrom(undefined, '' as const, 'NO' as const),
    })
    .map(({ bounds, q, direct, filters, denoise }) => {
      const [a, b] = bounds;
      const [start, end] = a !== null && b !== null && a > b ? [b, a] : [a, b];
      return postQuery.parse(
        withoutUndefined({
          start: start ?? undefined,
          end: end ?? undefined,
          q: q ?? undefined,
          filters: filters ?? undefined,
          denoise,
          ...Object.fromEntries(direct),
        }),
      );
    });
}

// ---- Options of each method ----

export const valueTypeArb: fc.Arbitrary<ValueType> = fc.constantFrom(...VALUE_TYPES);
export const searchPageArb: fc.Arbitrary<{ size: number; page: number; sort: Sort }> = fc.record({
  size: fc.integer({ min: 1, max: 12 }),
  page: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 4 })),
  sort: fc.constantFrom(...SORTS),
});
export const termsOptionsArb = fc
  .record(
    {
      field: fieldArb,
      size: fc.integer({ min: 1, max: 8 }),
      valueType: valueTypeArb,
      level: fc.constantFrom(0, 1, 2),
    },
    { requiredKeys: ['field', 'size', 'valueType'] },
  )
  .map(withoutUndefined);
export const pathTreeOptionsArb = fc.record({
  field: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(Object.keys(PATH_VALUES) as PathField[])) },
    fc.constantFrom<FilterField>(...FILTER_FIELDS),
  ),
  size: fc.integer({ min: 1, max: 5 }),
});
export const INTERVALS = ['hour', 'day', 'week', 'month', 'year'] as const;
export const trendOptionsArb = fc
  .record(
    {
      interval: fc.constantFrom(...INTERVALS),
      valueType: valueTypeArb,
      series: fieldArb,
      seriesSize: fc.integer({ min: 1, max: 6 }),
      seriesLevel: fc.constantFrom(0, 1, 2),
    },
    { requiredKeys: ['interval', 'valueType'] },
  )
  .map(withoutUndefined);
export const wordsOptionsArb = fc.record(
  { size: fc.integer({ min: 1, max: 10 }), recent: fc.integer({ min: 1, max: 12 }) },
  { requiredKeys: ['size'] },
);
/** Path fields alone: every grouping by one must answer like the reference, at every level. */
export const pathFieldArb = fc.constantFrom<FilterField>(...PATH_FIELDS);
export const pathTermsOptionsArb = fc.record({
  field: pathFieldArb,
  size: fc.integer({ min: 1, max: 8 }),
  valueType: valueTypeArb,
  level: fc.constantFrom(0, 1, 2),
});
export const pathSeriesOptionsArb = fc.record({
  interval: fc.constantFrom('day' as const, 'week' as const),
  valueType: valueTypeArb,
  series: pathFieldArb,
  seriesSize: fc.integer({ min: 1, max: 6 }),
  seriesLevel: fc.constantFrom(0, 1, 2),
});
export const pathPivotOptionsArb = fc.oneof(
  fc.record({ rows: pathFieldArb, cols: fieldArb, valueType: valueTypeArb }),
  fc.record({ rows: fieldArb, cols: pathFieldArb, valueType: valueTypeArb }),
);

export const pivotOptionsArb = fc.record({
  rows: fieldArb,
  cols: fieldArb,
  valueType: valueTypeArb,
});
export const authorsOptionsArb = fc.record({
  field: fc.constantFrom('author' as const, 'media' as const),
  size: fc.integer({ min: 1, max: 8 }),
});
export const retweetGraphOptionsArb = fc.record({ size: fc.integer({ min: 1, max: 6 }) });

// ---- Hand-written examples with known answers ----

const at = (iso: string) => Date.parse(iso);

function examplePost(fields: Partial<StoredPost> & { _id: string; created: number }): StoredPost {
  return {
    uri: '',
    author: '',
    media: '',
    media_type: '',
    media_platform: '',
    media_level: '',
    account_type: '',
    tendency: '',
    province: '',
    water_post: 'NO',
    retweeted: 'NO',
    title: '',
    text: '',
    body: '',
    imgs: [],
    pic_urls: [],
    hash_tag: [],
    engagement_num: 0,
    repost_num: 0,
    like_num: 0,
    old_like_num: 0,
    reply_num: 0,
    comment_num: 0,
    collect_num: 0,
    read_num: 0,
    play_num: 0,
    share_num: 0,
    danmu_num: 0,
    coin_num: 0,
    ...Object.fromEntries(POST_PATH_FIELDS.map((field) => [field, []])),
    tokens: [],
    simhash: '0000000000000000',
    ...fields,
  } as StoredPost;
}

/** Five posts around 2024-03-01 in Asia/Shanghai (+08:00). */
export const EXAMPLE_POSTS: StoredPost[] = [
  examplePost({
    _id: 'e1',
    created: at('2024-03-01T00:00:00+08:00'), // exactly local midnight, a Friday
    author: '张三',
    media: '新浪微博',
    media_level: 'A',
    tendency: '正面',
    brand_paths: withAncestors(['/品牌/星河']),
    title: '星河 S7 上市',
    text: '续航很好',
    engagement_num: 10,
    repost_num: 1,
    comment_num: 2,
    like_num: 3,
    read_num: 100,
    tokens: ['星河', '续航'],
    simhash: '00000000000000e1',
  }),
  examplePost({
    _id: 'e2',
    created: at('2024-02-29T23:59:59.999+08:00'),
    author: '李四',
    media: '微信',
    media_level: 'B',
    tendency: '负面',
    brand_paths: withAncestors(['/品牌/星河汽车']),
    title: '星河汽车投诉',
    text: '电池 问题',
    engagement_num: 5,
    repost_num: 1,
    comment_num: 1,
    like_num: 1,
    read_num: 50,
    tokens: ['投诉', '电池', '电池'],
    simhash: '00000000000000e2',
  }),
  examplePost({
    _id: 'e3',
    created: at('2024-03-01T10:00:00+08:00'),
    author: '张三',
    media: '新浪微博',
    tendency: '中性',
    water_post: 'YES',
    brand_paths: withAncestors(['/品牌/星河/S7']),
    title: 'S7 Pro 评测',
    text: 'Apple 对比',
    engagement_num: 3,
    comment_num: 1,
    like_num: 2,
    read_num: 10,
    tokens: ['评测', '电池'],
    retweeted: 'YES',
    rel: 'e1',
    retweeted_status: { user: { screen_name: '张三' } },
  }),
  examplePost({
    _id: 'e4',
    created: at('2024-03-02T09:30:00+08:00'),
    author: 'Alice',
    media: 'Zhihu',
    media_level: 'C',
    brand_paths: withAncestors(['/品牌/竞品A']),
    title: '竞品A 价格',
    text: 'apple 降价',
    tokens: ['价格'],
    retweeted: 'YES',
    rel: 'gone',
    retweeted_status: { user: { screen_name: '王五' } },
  }),
  examplePost({
    _id: 'e5',
    created: at('2024-02-28T12:00:00+08:00'),
    media_level: 'A',
    tendency: '正面',
    title: '星河 旧闻',
    engagement_num: 2,
    tokens: ['星河'],
    retweeted: 'YES',
    rel: 'e1',
  }),
];

export interface ExampleCase {
  name: string;
  /** Asks the engine, with EXAMPLE_POSTS loaded in the scope's project. */
  run(engine: PostsEngine, scope: EngineScope): Promise<unknown>;
  expected: unknown;
}

const q = (query: Record<string, unknown>): PostQuery => postQuery.parse(query);
const ids = async (engine: PostsEngine, scope: EngineScope, query: PostQuery, sort: Sort) => {
  const page = await engine.search(scope, query, { size: 100, page: 0, sort });
  return { ids: page.list.map((post) => post._id), total: page.total };
};
const ny = (scope: EngineScope): EngineScope => ({ ...scope, timeZone: 'America/New_York' });
const march1 = at('2024-03-01T00:00:00+08:00');
const march2 = at('2024-03-02T00:00:00+08:00');
const feb29 = at('2024-02-29T00:00:00+08:00');

/** Cases with literal answers (zone Asia/Shanghai unless a case says otherwise). */
export const EXAMPLES: ExampleCase[] = [
  {
    name: 'a path matches itself and descendants, not a sibling sharing its prefix (/品牌/星河汽车)',
    run: (engine, scope) => ids(engine, scope, q({ brand_paths: ['/品牌/星河'] }), 'created asc'),
    expected: { ids: ['e1', 'e3'], total: 2 },
  },
  {
    name: 'an excluded term chip keeps posts whose value is empty; an ignored chip does nothing',
    run: async (engine, scope) => ({
      excluded: await engine.count(
        scope,
        q({ filters: [{ field: 'media', value: '新浪微博', exclude: true }] }),
      ),
      ignored: await engine.count(
        scope,
        q({ filters: [{ field: 'media', value: '新浪微博', ignore: true }] }),
      ),
      both: await engine.count(
        scope,
        q({
          media: ['新浪微博', '微信'],
          filters: [{ field: 'author', value: '李四', exclude: true }],
        }),
      ),
    }),
    expected: { excluded: 3, ignored: 5, both: 2 },
  },
  {
    name: 'an excluded path chip keeps posts without paths; the root path / is no condition',
    run: async (engine, scope) => ({
      excluded: await ids(
        engine,
        scope,
        q({ filters: [{ field: 'brand_paths', value: ['/品牌/星河'], exclude: true }] }),
        'created asc',
      ),
      root: await engine.count(scope, q({ brand_paths: ['/'] })),
      prefixOnly: await engine.count(scope, q({ brand_paths: ['/品牌/星'] })),
    }),
    expected: { excluded: { ids: ['e5', 'e2', 'e4'], total: 3 }, root: 5, prefixOnly: 0 },
  },
  {
    name: 'keywords: case-insensitive, title: and author: scopes, NOT and OR; denoise',
    run: async (engine, scope) => ({
      apple: (await ids(engine, scope, q({ q: 'apple' }), 'created asc')).ids,
      titleNot: (await ids(engine, scope, q({ q: 'title:星河 -汽车' }), 'created asc')).ids,
      author: (await ids(engine, scope, q({ q: 'author:alice' }), 'created asc')).ids,
      or: (await ids(engine, scope, q({ q: '投诉 | 评测' }), 'created asc')).ids,
      denoise: await engine.count(scope, q({ denoise: 'NO' })),
    }),
    expected: {
      apple: ['e3', 'e4'],
      titleNot: ['e5', 'e1'],
      author: ['e4'],
      or: ['e2', 'e3'],
      denoise: 4,
    },
  },
  {
    name: 'newest-first pages over a month: from the newest posts, then older ones, then the oldest',
    run: async (engine, scope) => {
      const month = q({
        start: at('2024-02-01T00:00:00+08:00'),
        end: at('2024-03-03T00:00:00+08:00'),
      });
      const page = async (size: number, number: number) =>
        (await engine.search(scope, month, { size, page: number, sort: 'created desc' })).list.map(
          (post) => post._id,
        );
      return {
        one: await page(1, 0),
        two: await page(2, 0),
        second: await page(2, 1),
        last: await page(3, 1),
      };
    },
    expected: { one: ['e4'], two: ['e4', 'e3'], second: ['e1', 'e2'], last: ['e2', 'e5'] },
  },
  {
    name: 'search rank desc: media level A…O, then empty, then created desc',
    run: async (engine, scope) => (await ids(engine, scope, q({}), 'rank desc')).ids,
    expected: ['e1', 'e5', 'e2', 'e4', 'e3'],
  },
  {
    name: 'a post at exactly local midnight opens the new day (Asia/Shanghai)',
    run: (engine, scope) =>
      engine.trend(scope, q({ start: feb29, end: march2 }), {
        interval: 'day',
        valueType: 'volume',
      }),
    expected: [
      { time: feb29, value: 1 },
      { time: march1, value: 2 },
    ],
  },
  {
    name: 'the same range in America/New_York: buckets from the local day holding start',
    run: (engine, scope) =>
      engine.trend(ny(scope), q({ start: feb29, end: march2 }), {
        interval: 'day',
        valueType: 'volume',
      }),
    expected: [
      { time: at('2024-02-28T00:00:00-05:00'), value: 0 },
      { time: at('2024-02-29T00:00:00-05:00'), value: 3 },
      { time: at('2024-03-01T00:00:00-05:00'), value: 0 },
    ],
  },
  {
    name: 'trend by month with a series: the extent of the matches, top values by volume',
    run: (engine, scope) =>
      engine.trend(scope, q({}), { interval: 'month', valueType: 'volume', series: 'media' }),
    expected: [
      { time: at('2024-02-01T00:00:00+08:00'), name: '新浪微博', value: 0 },
      { time: at('2024-02-01T00:00:00+08:00'), name: 'Zhihu', value: 0 },
      { time: at('2024-02-01T00:00:00+08:00'), name: '微信', value: 1 },
      { time: at('2024-03-01T00:00:00+08:00'), name: '新浪微博', value: 2 },
      { time: at('2024-03-01T00:00:00+08:00'), name: 'Zhihu', value: 1 },
      { time: at('2024-03-01T00:00:00+08:00'), name: '微信', value: 0 },
    ],
  },
  {
    name: 'trend with a path series at level 1: the paths under the root, not the root',
    run: (engine, scope) =>
      engine.trend(scope, q({}), {
        interval: 'month',
        valueType: 'volume',
        series: 'brand_paths',
        seriesLevel: 1,
      }),
    expected: [
      { time: at('2024-02-01T00:00:00+08:00'), name: '/品牌/星河', value: 0 },
      { time: at('2024-02-01T00:00:00+08:00'), name: '/品牌/星河汽车', value: 1 },
      { time: at('2024-02-01T00:00:00+08:00'), name: '/品牌/竞品A', value: 0 },
      { time: at('2024-03-01T00:00:00+08:00'), name: '/品牌/星河', value: 2 },
      { time: at('2024-03-01T00:00:00+08:00'), name: '/品牌/星河汽车', value: 0 },
      { time: at('2024-03-01T00:00:00+08:00'), name: '/品牌/竞品A', value: 1 },
    ],
  },
  {
    name: 'statistics: the previous period is the range of equal length just before',
    run: (engine, scope) =>
      engine.statistics(scope, q({ start: march1, end: march2 }), { valueType: 'like_num' }),
    expected: {
      current: {
        volume: 2,
        engagement_num: 13,
        repost_num: 1,
        comment_num: 3,
        like_num: 5,
        read_num: 110,
        zpz_num: 9,
        tendency: { 正面: 1, 中性: 1, 负面: 0 },
      },
      previous: {
        volume: 1,
        engagement_num: 5,
        repost_num: 1,
        comment_num: 1,
        like_num: 1,
        read_num: 50,
        zpz_num: 3,
        tendency: { 正面: 0, 中性: 0, 负面: 1 },
      },
      value_type: 'like_num',
    },
  },
  {
    name: 'terms of a path field at level 1, and the path tree cut at size 2 per level',
    run: async (engine, scope) => ({
      terms: await engine.terms(scope, q({}), {
        field: 'brand_paths',
        size: 10,
        valueType: 'volume',
        level: 1,
      }),
      tree: await engine.pathTree(scope, q({}), { field: 'brand_paths', size: 2 }),
    }),
    expected: {
      terms: [
        { name: '/品牌/星河', value: 2 },
        { name: '/品牌/星河汽车', value: 1 },
        { name: '/品牌/竞品A', value: 1 },
      ],
      tree: [
        {
          name: '品牌',
          path: '/品牌',
          value: 4,
          children: [
            {
              name: '星河',
              path: '/品牌/星河',
              value: 2,
              children: [{ name: 'S7', path: '/品牌/星河/S7', value: 1, children: [] }],
            },
            { name: '星河汽车', path: '/品牌/星河汽车', value: 1, children: [] },
          ],
        },
      ],
    },
  },
  {
    name: 'words count repeats; authors rank by posts, then engagement; pivot skips empties',
    run: async (engine, scope) => ({
      words: await engine.words(scope, q({}), { size: 3 }),
      authors: await engine.authors(scope, q({}), { field: 'author', size: 5 }),
      pivot: await engine.pivot(scope, q({}), {
        rows: 'media',
        cols: 'tendency',
        valueType: 'volume',
      }),
    }),
    expected: {
      words: [
        { name: '电池', value: 3 },
        { name: '星河', value: 2 },
        { name: '价格', value: 1 },
      ],
      authors: [
        { name: '张三', value: 2, engagement: 13 },
        { name: '李四', value: 1, engagement: 5 },
        { name: 'Alice', value: 1, engagement: 0 },
      ],
      pivot: [
        { row: '微信', col: '负面', value: 1 },
        { row: '新浪微博', col: '中性', value: 1 },
        { row: '新浪微博', col: '正面', value: 1 },
      ],
    },
  },
  {
    name: 'heatmap cells by local weekday (0 = Monday) and hour',
    run: async (engine, scope) => {
      const cells = await engine.heatmap(scope, q({}), { valueType: 'volume' });
      return { cells: cells.length, hot: cells.filter((cell) => cell.value > 0) };
    },
    expected: {
      cells: 168,
      hot: [
        { weekday: 2, hour: 12, value: 1 },
        { weekday: 3, hour: 23, value: 1 },
        { weekday: 4, hour: 0, value: 1 },
        { weekday: 4, hour: 10, value: 1 },
        { weekday: 5, hour: 9, value: 1 },
      ],
    },
  },
  {
    name: 'retweet graph: names from stored posts, else a retweet’s screen_name',
    run: async (engine, scope) => ({
      all: await engine.retweetGraph(scope, q({}), { size: 5 }),
      top1: await engine.retweetGraph(scope, q({}), { size: 1 }),
    }),
    expected: {
      all: {
        nodes: [
          { id: 'e1', name: '张三', value: 2, created: march1 },
          { id: 'e3', name: '张三', value: 0, created: at('2024-03-01T10:00:00+08:00') },
          { id: 'e4', name: 'Alice', value: 0, created: at('2024-03-02T09:30:00+08:00') },
          { id: 'e5', name: '', value: 0, created: at('2024-02-28T12:00:00+08:00') },
          { id: 'gone', name: '王五', value: 1, created: at('2024-03-02T09:30:00+08:00') },
        ],
        edges: [
          { source: 'e1', target: 'e3' },
          { source: 'e1', target: 'e5' },
          { source: 'gone', target: 'e4' },
        ],
      },
      top1: {
        nodes: [
          { id: 'e1', name: '张三', value: 2, created: march1 },
          { id: 'e3', name: '张三', value: 0, created: at('2024-03-01T10:00:00+08:00') },
          { id: 'e5', name: '', value: 0, created: at('2024-02-28T12:00:00+08:00') },
        ],
        edges: [
          { source: 'e1', target: 'e3' },
          { source: 'e1', target: 'e5' },
        ],
      },
    },
  },
  {
    name: 'time extent of the matches',
    run: async (engine, scope) => ({
      some: await engine.timeExtent(scope, q({ q: '星河' })),
      none: await engine.timeExtent(scope, q({ q: '不存在' })),
    }),
    expected: {
      some: { min: at('2024-02-28T12:00:00+08:00'), max: march1 },
      none: undefined,
    },
  },
];
