import { postWords } from './post-text.js';

/** Two SimHashes at most this many bits apart mark near-duplicate texts. */
export const NEAR_DUPLICATE_BITS = 3;
/** The SimHash of a text without words. */
export const NO_WORDS_SIMHASH = '0000000000000000';

/**
 * The 64-bit SimHash of a text as 16 lowercase hex digits, over its postWords (lower-cased), each
 * occurrence voting once. Words rather than character 3-grams: an edited character changes one or
 * two words but three 3-grams, so lightly edited copies stay closer.
 */
export function simhash(text: string): string {
  return simhashOfWords(postWords(text));
}

/** simhash of words already taken from a text by postWords. */
export function simhashOfWords(words: readonly string[]): string {
  const ones = new Int32Array(64);
  for (const word of words) {
    const [high, low] = hash64(word.toLowerCase());
    for (let bit = 0; bit < 32; bit++) {
      ones[bit] = ones[bit]! + ((high >>> bit) & 1);
      ones[32 + bit] = ones[32 + bit]! + ((low >>> bit) & 1);
    }
  }
  let high = 0;
  let low = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (ones[bit]! * 2 > words.length) high |= 1 << bit;
    if (ones[32 + bit]! * 2 > words.length) low |= 1 << bit;
  }
  return hex32(high) + hex32(low);
}

export function hammingDistance(a: string, b: string): number {
  const [aHigh, aLow] = parseSimhash(a);
  const [bHigh, bLow] = parseSimhash(b);
  return bitCount(aHigh ^ bHigh) + bitCount(aLow ^ bLow);
}

const BAND_VALUES = 1 << 16;

/**
 * SimHashes seen so far, answering whether a hash has one within NEAR_DUPLICATE_BITS. Hashes that
 * close agree on at least one of four 16-bit bands (pigeonhole), so a query compares only the
 * hashes sharing one of its bands. Texts of one template cluster, so a band's bucket grows with
 * the project (about 600 hashes per query at a million demo posts): each bucket holds its hashes
 * themselves, high and low halves side by side, and a query reads them in one sequential pass.
 * Texts without words are nobody's duplicates, so NO_WORDS_SIMHASH is neither stored nor found.
 */
export class NearDuplicateIndex {
  /** Per band, indexed by the band's value: the hashes having that value, as (high, low) pairs. */
  private readonly buckets = [0, 1, 2, 3].map(
    () => new Array<Uint32Array | undefined>(BAND_VALUES),
  );
  /** Per band and value: how many pairs of the bucket are in use. */
  private readonly lengths = [0, 1, 2, 3].map(() => new Uint32Array(BAND_VALUES));

  /**
   * An index of many hashes at once, such as a project's stored ones. Adding them one by one
   * would scan a bucket per hash for repeats and grow buckets by copying (10M demo hashes: 88 s);
   * here repeats go through a hash set of typed arrays, and each bucket is allocated once, at its
   * size, after counting.
   */
  static of(hashes: readonly string[]): NearDuplicateIndex {
    const index = new NearDuplicateIndex();
    const { highs, lows, count } = distinctHashes(hashes);
    for (let band = 0; band < 4; band++) {
      const lengths = index.lengths[band]!;
      const buckets = index.buckets[band]!;
      for (let i = 0; i < count; i++) lengths[bandOf(band, highs[i]!, lows[i]!)]!++;
      for (let value = 0; value < BAND_VALUES; value++) {
        if (lengths[value]! > 0) buckets[value] = new Uint32Array(lengths[value]! * 2);
      }
      const filled = new Uint32Array(BAND_VALUES);
      for (let i = 0; i < count; i++) {
        const value = bandOf(band, highs[i]!, lows[i]!);
        const at = filled[value]!++ * 2;
        buckets[value]![at] = highs[i]!;
        buckets[value]![at + 1] = lows[i]!;
      }
    }
    return index;
  }

  add(hash: string): void {
    if (hash === NO_WORDS_SIMHASH) return;
    const [high, low] = parseSimhash(hash);
    if (!this.within(0, bandOf(0, high, low), high, low, 0)) this.store(high, low);
  }

  private store(high: number, low: number): void {
    for (let band = 0; band < 4; band++) {
      const value = bandOf(band, high, low);
      const length = this.lengths[band]![value]!;
      let bucket = this.buckets[band]![value];
      if (!bucket || bucket.length === length * 2) {
        const grown = new Uint32Array(Math.max(8, length * 4));
        if (bucket) grown.set(bucket);
        bucket = this.buckets[band]![value] = grown;
      }
      bucket[length * 2] = high;
      bucket[length * 2 + 1] = low;
      this.lengths[band]![value] = length + 1;
    }
  }

  hasNear(hash: string): boolean {
    if (hash === NO_WORDS_SIMHASH) return false;
    const [high, low] = parseSimhash(hash);
    for (let band = 0; band < 4; band++) {
      if (this.within(band, bandOf(band, high, low), high, low, NEAR_DUPLICATE_BITS)) return true;
    }
    return false;
  }

  /** Whether the bucket of `value` in `band` holds a hash at most `bits` away. */
  private within(band: number, value: number, high: number, low: number, bits: number): boolean {
    const bucket = this.buckets[band]![value];
    if (!bucket) return false;
    const end = this.lengths[band]![value]! * 2;
    for (let i = 0; i < end; i += 2) {
      const highBits = bitCount(bucket[i]! ^ high);
      if (highBits <= bits && highBits + bitCount(bucket[i + 1]! ^ low) <= bits) return true;
    }
    return false;
  }
}

/** A hash's 16-bit band: 0 and 1 are the high half's upper and lower bits, 2 and 3 the low's. */
function bandOf(band: number, high: number, low: number): number {
  const half = band < 2 ? high : low;
  return band % 2 === 0 ? half >>> 16 : half & 0xffff;
}

/** The distinct hashes with words among `hashes`, as halves, through an open-addressing set. */
function distinctHashes(hashes: readonly string[]) {
  const capacity = 2 ** Math.ceil(Math.log2(hashes.length * 2 + 2));
  const slotHigh = new Uint32Array(capacity);
  const slotLow = new Uint32Array(capacity);
  const used = new Uint8Array(capacity);
  const highs = new Uint32Array(hashes.length);
  const lows = new Uint32Array(hashes.length);
  let count = 0;
  for (const hash of hashes) {
    if (hash === NO_WORDS_SIMHASH) continue;
    const [high, low] = parseSimhash(hash);
    let slot = (Math.imul(high ^ Math.imul(low, 0x9e3779b1), 0x85ebca6b) >>> 0) & (capacity - 1);
    while (used[slot] && !(slotHigh[slot] === high && slotLow[slot] === low)) {
      slot = (slot + 1) & (capacity - 1);
    }
    if (used[slot]) continue;
    used[slot] = 1;
    slotHigh[slot] = high;
    slotLow[slot] = low;
    highs[count] = high;
    lows[count++] = low;
  }
  return { highs, lows, count };
}

function parseSimhash(hash: string): [number, number] {
  if (!/^[0-9a-f]{16}$/.test(hash)) throw new Error(`not a 64-bit SimHash: "${hash}"`);
  return [parseInt(hash.slice(0, 8), 16), parseInt(hash.slice(8), 16)];
}

const hex32 = (value: number) => (value >>> 0).toString(16).padStart(8, '0');

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Two 32-bit hashes of a string (the mixing of bryc's public-domain cyrb53). */
function hash64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}
