/**
 * Near duplicates (water_post): a post that repeats an earlier post's text with a few characters
 * added or removed (转发, a URL, an @mention, an emoticon, a short comment, a `//@` chain).
 *
 * A post's text is first reduced to its content (`duplicateContent`): URLs, @names (with the
 * `//@…:` and `回复@…:` markers of reposts and replies), Weibo emoticons `[xx]`, emoji, #hashtags#,
 * stock words (转发微博, 转发, Repost, 分享图片, 网页链接…), punctuation and spacing go. What is
 * compared is the set of the content's character bigrams: a set, so `X 转发 //@a: X` holds the
 * same bigrams as X. A post needs MIN_SHINGLES distinct bigrams to be compared at all: short posts
 * whose content is an emoticon, a stock phrase or a few characters are nobody's duplicates.
 *
 * Of two posts, the new one (A) repeats the earlier one (B) when most of B is in A (`of earlier`
 * ≥ MIN_OF_EARLIER: a few characters removed at most) and most of A is B (`of post` ≥
 * MIN_OF_POST: a short comment added at most). The similarity kept is the bigram sets' Jaccard.
 *
 * Finding candidates among a million posts is banded MinHash: BANDS bands of ROWS minimums each;
 * two posts of Jaccard J share a band with probability 1 - (1 - J^ROWS)^BANDS (J = 0.5: 0.97).
 * Candidates are then checked on sketches: each post keeps the SKETCH smallest hashes of its
 * bigrams (all of them for most posts), which estimate both shares below the smaller of the two
 * sketches' largest values, exactly when both sketches hold the whole sets.
 *
 * A post's key (`duplicateKey`, stored with the post) holds its band values and sketch; an
 * import reads the keys of the project's posts that are not duplicates themselves, so a
 * duplicate always names the post first written (the original), never another copy.
 */

/** Distinct content bigrams a post needs to be compared at all. */
export const MIN_SHINGLES = 4;
/** Share of the earlier post's bigrams the new post must hold. */
export const MIN_OF_EARLIER = 0.7;
/** Share of the new post's bigrams that must be the earlier post's. */
export const MIN_OF_POST = 0.6;
export const BANDS = 10;
export const ROWS = 2;
/** Posts of a band value checked, newest first. */
export const CHAIN = 8;
/** Candidates checked for a post at most. */
export const BUDGET = 24;
/** Bigram hashes kept per post to check candidates. */
export const SKETCH = 32;

// What a copy adds or drops besides its text, each blanked: URLs; `//@name:`, `回复@name:` and a
// bare `@name` (the name goes, the text after it stays); Weibo emoticons; #hashtags# (a topic
// two distinct posts may share); emoji; stock words of reposts and shares.
const DECORATION = new RegExp(
  [
    /(?:https?:\/\/|www\.)[\w\-.~:/?#[\]@!$&'()*+,;=%]+/u.source,
    /(?:\/\/)?(?:回复)?@[\p{L}\p{N}_-]+(?:\s*:)?/u.source,
    /\[[^[\]\s]{1,12}\]/u.source,
    /#[^#\n]{1,64}#/u.source,
    // Emoji with their modifiers, variation selector, joiner and keycap.
    /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u{FE0F}|\u{200D}|\u{20E3})+/u
      .source,
    /转发微博|轉發微博|转发|轉發|repost|分享图片|分享圖片|分享视频|分享視頻|网页链接|網頁鏈接|展开全文|收起全文|查看图片/u
      .source,
  ].join('|'),
  'gu',
);
const NOT_CONTENT = /[^\p{L}\p{N}]+/gu;

/** A post's text reduced to what a copy repeats: lower-case letters and digits (NFKC). */
export function duplicateContent(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(DECORATION, ' ').replace(NOT_CONTENT, '');
}

function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A code point that is an ASCII letter or digit: a run of them is one token. */
const isAsciiWordCode = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a);

/**
 * The distinct hashes of the content's token bigrams, ascending. A token is a character, but a
 * run of ASCII letters and digits is one (a Latin word or a number), so `TheShy` is not five
 * bigrams of content.
 */
export function shingleHashes(content: string): Uint32Array {
  const hashes = new Uint32Array(content.length);
  let count = 0;
  let previous = -1;
  let i = 0;
  while (i < content.length) {
    let token: number;
    const code = content.codePointAt(i)!;
    if (isAsciiWordCode(code)) {
      let h = 0x811c9dc5;
      while (i < content.length && isAsciiWordCode(content.charCodeAt(i))) {
        h = Math.imul(h ^ content.charCodeAt(i), 0x01000193);
        i++;
      }
      token = mix(h) | 0;
    } else {
      token = code;
      i += code > 0xffff ? 2 : 1;
    }
    if (previous !== -1) hashes[count++] = mix(Math.imul(previous, 0x9e3779b1) ^ token);
    previous = token;
  }
  const sorted = hashes.subarray(0, count).sort();
  let length = 0;
  for (let k = 0; k < sorted.length; k++) {
    if (k === 0 || sorted[k] !== sorted[k - 1]) sorted[length++] = sorted[k]!;
  }
  return sorted.subarray(0, length);
}

const SEEDS = Uint32Array.from({ length: BANDS * ROWS }, (_, i) =>
  mix(0x5bd1e995 + i * 0x27d4eb2f),
);

/** A post's band values and sketch, or undefined when it has too little content. */
export interface DuplicateFingerprint {
  bands: Uint32Array;
  sketch: Uint32Array;
}

export function fingerprintOf(text: string): DuplicateFingerprint | undefined {
  const shingles = shingleHashes(duplicateContent(text));
  if (shingles.length < MIN_SHINGLES) return undefined;
  const minimums = new Uint32Array(BANDS * ROWS).fill(0xffffffff);
  for (let s = 0; s < shingles.length; s++) {
    const shingle = shingles[s]!;
    for (let i = 0; i < minimums.length; i++) {
      const h = mix(shingle ^ SEEDS[i]!);
      if (h < minimums[i]!) minimums[i] = h;
    }
  }
  const bands = new Uint32Array(BANDS);
  for (let band = 0; band < BANDS; band++) {
    let key = band;
    for (let row = 0; row < ROWS; row++) {
      key = mix(Math.imul(key, 0x9e3779b1) ^ minimums[band * ROWS + row]!);
    }
    bands[band] = key;
  }
  return { bands, sketch: shingles.slice(0, SKETCH) };
}

/**
 * The key a post is stored with: its fingerprint as base64 (band values, then the sketch, as
 * 32-bit little-endian numbers), or '' when it has too little content to be compared.
 */
export function duplicateKey(text: string): string {
  const fingerprint = fingerprintOf(text);
  if (!fingerprint) return '';
  const words = new Uint32Array(BANDS + fingerprint.sketch.length);
  words.set(fingerprint.bands);
  words.set(fingerprint.sketch, BANDS);
  return Buffer.from(words.buffer).toString('base64');
}

/** A key's fingerprint; undefined for '' or what is not a key of this layout. */
export function parseDuplicateKey(key: string): DuplicateFingerprint | undefined {
  if (key === '') return undefined;
  const bytes = Buffer.from(key, 'base64');
  const count = bytes.length / 4;
  if (!Number.isInteger(count) || count < BANDS + MIN_SHINGLES || count > BANDS + SKETCH)
    return undefined;
  const words = new Uint32Array(count);
  for (let i = 0; i < count; i++) words[i] = bytes.readUInt32LE(i * 4);
  return { bands: words.subarray(0, BANDS), sketch: words.subarray(BANDS) };
}

/** How much of each of two posts the other holds, from their sketches. */
export interface Overlap {
  /** Share of the new post's bigrams that the earlier post holds. */
  ofPost: number;
  /** Share of the earlier post's bigrams that the new post holds. */
  ofEarlier: number;
  /** Jaccard of the two bigram sets. */
  similarity: number;
}

/**
 * The overlap of two sketches (ascending) given as ranges of typed arrays. A full sketch (SKETCH
 * values) stands for a larger set: both are compared below the smaller of their largest values,
 * where each holds its whole set.
 */
export function overlapIn(
  post: Uint32Array,
  postFrom: number,
  postTo: number,
  earlier: Uint32Array,
  earlierFrom: number,
  earlierTo: number,
): Overlap {
  let limit = 0xffffffff;
  if (postTo - postFrom >= SKETCH) limit = post[postTo - 1]!;
  if (earlierTo - earlierFrom >= SKETCH && earlier[earlierTo - 1]! < limit)
    limit = earlier[earlierTo - 1]!;
  let i = postFrom;
  let j = earlierFrom;
  let both = 0;
  while (i < postTo && j < earlierTo) {
    const a = post[i]!;
    const b = earlier[j]!;
    if (a > limit || b > limit) break;
    if (a === b) {
      both++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  // Below the limit, each sketch holds this many values.
  let inPost = i - postFrom;
  while (i < postTo && post[i]! <= limit) {
    i++;
    inPost++;
  }
  let inEarlier = j - earlierFrom;
  while (j < earlierTo && earlier[j]! <= limit) {
    j++;
    inEarlier++;
  }
  const union = inPost + inEarlier - both;
  return {
    ofPost: inPost === 0 ? 0 : both / inPost,
    ofEarlier: inEarlier === 0 ? 0 : both / inEarlier,
    similarity: union === 0 ? 0 : both / union,
  };
}

/** The overlap of a new post's sketch with an earlier post's. */
export const overlapOf = (post: Uint32Array, earlier: Uint32Array): Overlap =>
  overlapIn(post, 0, post.length, earlier, 0, earlier.length);

/** Whether a post with this overlap repeats the earlier post. */
export const repeats = (overlap: Overlap) =>
  overlap.ofEarlier >= MIN_OF_EARLIER && overlap.ofPost >= MIN_OF_POST;

/** The earlier post a post repeats: its place in the finder, and how close it is. */
export interface DuplicateMatch {
  place: number;
  similarity: number;
}

const EMPTY = 0xffffffff;

/**
 * The posts a new post may repeat (originals: posts that repeat none), by their fingerprints.
 * Per band an open-addressing table maps a band value to the newest post having it, and each
 * post links to the previous post of the same value, so a post costs BANDS table slots and
 * links (about 20 bytes a band) besides its sketch.
 */
export class NearDuplicateFinder {
  private count = 0;
  private capacity = 0;
  private tableKeys: Uint32Array[] = [];
  private tableHeads: Int32Array[] = [];
  /** Per band, per post: the previous post of its value, or -1. */
  private links: Int32Array[] = [];
  private created = new Float64Array(0);
  private sketchStart = new Uint32Array(0);
  private sketchLength = new Uint8Array(0);
  private sketches = new Uint32Array(0);
  private sketchEnd = 0;
  /** Per post: the query that last looked at it (to check each candidate once). */
  private seen = new Int32Array(0);
  private queries = 0;
  /** Per post: its _id. */
  readonly ids: string[] = [];

  constructor(expected = 1024) {
    this.grow(Math.max(16, expected));
  }

  /** A finder holding a project's stored originals (keys that do not parse are skipped). */
  static of(stored: {
    ids: readonly string[];
    created: readonly number[];
    keys: readonly string[];
  }) {
    const finder = new NearDuplicateFinder(stored.keys.length);
    stored.keys.forEach((key, i) => {
      const fingerprint = parseDuplicateKey(key);
      if (fingerprint) finder.add(stored.ids[i]!, stored.created[i]!, fingerprint);
    });
    return finder;
  }

  /** Posts found so far. */
  get size(): number {
    return this.count;
  }

  /** The `created` of the post at `place`. */
  createdAt(place: number): number {
    return this.created[place]!;
  }

  private grow(posts: number) {
    const size = Math.max(posts, this.count);
    const copy = <T extends Int32Array | Uint32Array | Float64Array | Uint8Array>(
      old: T,
      make: (n: number) => T,
      n: number,
    ) => {
      const grown = make(n);
      grown.set(old.subarray(0, Math.min(old.length, n)) as never);
      return grown;
    };
    this.links = Array.from({ length: BANDS }, (_, band) =>
      copy(this.links[band] ?? new Int32Array(0), (n) => new Int32Array(n), size),
    );
    this.created = copy(this.created, (n) => new Float64Array(n), size);
    this.sketchStart = copy(this.sketchStart, (n) => new Uint32Array(n), size);
    this.sketchLength = copy(this.sketchLength, (n) => new Uint8Array(n), size);
    this.seen = copy(this.seen, (n) => new Int32Array(n), size);
    // Tables at most half full.
    let capacity = 1;
    while (capacity < size * 2) capacity *= 2;
    if (capacity !== this.capacity) {
      const oldKeys = this.tableKeys;
      const oldHeads = this.tableHeads;
      this.capacity = capacity;
      this.tableKeys = Array.from({ length: BANDS }, () => new Uint32Array(capacity).fill(EMPTY));
      this.tableHeads = Array.from({ length: BANDS }, () => new Int32Array(capacity));
      for (let band = 0; band < BANDS; band++) {
        const keys = oldKeys[band];
        if (!keys) continue;
        for (let slot = 0; slot < keys.length; slot++) {
          if (keys[slot] === EMPTY) continue;
          const at = this.slotOf(band, keys[slot]!);
          this.tableKeys[band]![at] = keys[slot]!;
          this.tableHeads[band]![at] = oldHeads[band]![slot]!;
        }
      }
    }
  }

  /** The slot of a band value: where it is, or the empty one where it goes. */
  private slotOf(band: number, value: number): number {
    const keys = this.tableKeys[band]!;
    const mask = this.capacity - 1;
    // EMPTY marks free slots, so that value is stored as EMPTY - 1 (a 2^-32 merge, harmless).
    const key = value === EMPTY ? EMPTY - 1 : value;
    let slot = mix(key ^ 0x2545f491) & mask;
    while (keys[slot] !== EMPTY && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  /** Adds an original post; answers its place. */
  add(id: string, created: number, fingerprint: DuplicateFingerprint): number {
    if (this.count === this.created.length) this.grow(this.count * 2);
    const place = this.count++;
    this.ids.push(id);
    this.created[place] = created;
    const { sketch } = fingerprint;
    if (this.sketchEnd + sketch.length > this.sketches.length) {
      const grown = new Uint32Array(Math.max(1024, (this.sketchEnd + sketch.length) * 2));
      grown.set(this.sketches.subarray(0, this.sketchEnd));
      this.sketches = grown;
    }
    this.sketches.set(sketch, this.sketchEnd);
    this.sketchStart[place] = this.sketchEnd;
    this.sketchLength[place] = sketch.length;
    this.sketchEnd += sketch.length;
    for (let band = 0; band < BANDS; band++) {
      const value = fingerprint.bands[band]!;
      const slot = this.slotOf(band, value);
      const keys = this.tableKeys[band]!;
      const heads = this.tableHeads[band]!;
      const key = value === EMPTY ? EMPTY - 1 : value;
      this.links[band]![place] = keys[slot] === key ? heads[slot]! : -1;
      keys[slot] = key;
      heads[slot] = place;
    }
    return place;
  }

  /**
   * The earlier post (created at or before `created`, another _id) that a post repeats: of those
   * it repeats, the most similar, then the one first written.
   */
  find(id: string, created: number, fingerprint: DuplicateFingerprint): DuplicateMatch | undefined {
    const query = ++this.queries;
    const { sketch } = fingerprint;
    let checked = 0;
    let best: DuplicateMatch | undefined;
    for (let band = 0; band < BANDS; band++) {
      const slot = this.slotOf(band, fingerprint.bands[band]!);
      if (this.tableKeys[band]![slot] === EMPTY) continue;
      const links = this.links[band]!;
      let chain = 0;
      for (
        let place = this.tableHeads[band]![slot]!;
        place >= 0 && chain < CHAIN;
        place = links[place]!, chain++
      ) {
        if (this.seen[place] === query) continue;
        this.seen[place] = query;
        if (++checked > BUDGET) return best;
        if (this.created[place]! > created) continue;
        const start = this.sketchStart[place]!;
        const overlap = overlapIn(
          sketch,
          0,
          sketch.length,
          this.sketches,
          start,
          start + this.sketchLength[place]!,
        );
        if (!repeats(overlap) || this.ids[place] === id) continue;
        if (
          !best ||
          overlap.similarity > best.similarity ||
          (overlap.similarity === best.similarity && place < best.place)
        )
          best = { place, similarity: overlap.similarity };
      }
    }
    return best;
  }
}
