import { ENCODED_BATCH } from '../types.js';

/**
 * Character bigrams for keyword search. Each post's search text is indexed by its distinct
 * bigrams (pairs of UTF-16 code units, as one 32-bit number). A term's bigrams are bigrams of every
 * text holding the term, so the posts holding all of them are a superset of the matches, and
 * exactly the matches for a term of two code units. Pairs with the field separator U+0001 are left
 * out: no indexed term holds it.
 *
 * The index is kept in segments: the posts of an import batch whose pks lie in SEGMENT_POSTS
 * consecutive numbers from `base`. Table `post_grams` holds a row per segment and bigram whose `postings` blob
 * lists the segment's posts holding the bigram (see encodePostings), a few rows per post rather
 * than one per (post, bigram) pair.
 */
export const SEPARATOR = 0x0001;

/** Posts in one segment at most (an encoded batch): a post's place in it fits 16 bits. */
export const SEGMENT_POSTS = ENCODED_BATCH;

/** The bigram of two code units as one unsigned 32-bit number. */
const gramOf = (first: number, second: number) => ((first << 16) | second) >>> 0;

/** The distinct bigrams of a lower-cased text, ascending. */
export function textGrams(text: string): Uint32Array {
  const grams = new Uint32Array(Math.max(0, text.length - 1));
  let count = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    const first = text.charCodeAt(i);
    const second = text.charCodeAt(i + 1);
    if (first === SEPARATOR || second === SEPARATOR) continue;
    grams[count++] = gramOf(first, second);
  }
  const sorted = grams.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  }
  return sorted.subarray(0, distinct);
}

/**
 * The bigrams of a lower-cased term, or undefined when the index cannot narrow it: a term of one
 * code unit, or one holding the separator.
 */
export function termGrams(term: string): number[] | undefined {
  if (term.length < 2 || term.includes(String.fromCharCode(SEPARATOR))) return undefined;
  return [...textGrams(term)];
}

/**
 * A segment's rows: its bigrams ascending, and their encoded postings one after another in
 * `postings`, the i-th ending at `ends[i]` (three arrays, cheap to send between threads).
 */
export interface SegmentRows {
  grams: Uint32Array;
  postings: Uint8Array;
  ends: Uint32Array;
}

/** The postings blob of a segment's i-th row. */
export const postingsAt = (rows: SegmentRows, i: number) =>
  rows.postings.subarray(i === 0 ? 0 : rows.ends[i - 1], rows.ends[i]);

/** Postings blob formats, the blob's first byte. */
const LIST = 0;
const BITMAP = 1;

/**
 * Collects the bigrams of a segment's posts, added in pk order. Bigrams are counted in an
 * open-addressing table of typed arrays, and a post's repeats are skipped by remembering the
 * last post counted per bigram: no per-post sorting, and no JavaScript object per bigram.
 */
export class SegmentBuilder {
  private capacity = 1 << 14;
  private slotGram = new Uint32Array(this.capacity);
  /** The distinct index of the bigram in a slot, -1 when free. */
  private slotIndex = new Int32Array(this.capacity).fill(-1);
  private grams = new Uint32Array(1024);
  private counts = new Uint32Array(1024);
  private lastPost = new Int32Array(1024);
  private distinct = 0;
  /** The distinct index of each (post, bigram) occurrence, in post order. */
  private occurrences = new Uint32Array(1 << 16);
  private occurrenceCount = 0;
  /** Each post's place in the segment, and where its occurrences end. */
  private places = new Uint32Array(1024);
  private postEnds = new Uint32Array(1024);
  private postCount = 0;

  /**
   * Adds a post by its place in the segment (its pk less the segment's base, ascending from one
   * post to the next) and its lower-cased search text.
   */
  add(place: number, text: string): void {
    const previous = this.postCount > 0 ? this.places[this.postCount - 1]! : -1;
    if (!(place > previous && place < SEGMENT_POSTS)) throw new RangeError(`bad place ${place}`);
    const post = this.postCount++;
    if (post === this.places.length) {
      this.places = grown(this.places, post * 2);
      this.postEnds = grown(this.postEnds, post * 2);
    }
    this.places[post] = place;
    for (let i = 0; i + 1 < text.length; i++) {
      const first = text.charCodeAt(i);
      const second = text.charCodeAt(i + 1);
      if (first === SEPARATOR || second === SEPARATOR) continue;
      const index = this.indexOf(gramOf(first, second));
      if (this.lastPost[index] === post) continue;
      this.lastPost[index] = post;
      this.counts[index]!++;
      if (this.occurrenceCount === this.occurrences.length) {
        this.occurrences = grown(this.occurrences, this.occurrences.length * 2);
      }
      this.occurrences[this.occurrenceCount++] = index;
    }
    this.postEnds[post] = this.occurrenceCount;
  }

  /** The rows of the segment, ordered by bigram (so a bigram's rows sit close in the table). */
  build(): SegmentRows {
    const starts = new Uint32Array(this.distinct + 1);
    for (let d = 0; d < this.distinct; d++) starts[d + 1] = starts[d]! + this.counts[d]!;
    const fill = starts.slice(0, this.distinct);
    const posts = new Uint16Array(this.occurrenceCount);
    // Occurrences are in post order, so each bigram's posts come out ascending.
    let occurrence = 0;
    for (let post = 0; post < this.postCount; post++) {
      const end = this.postEnds[post]!;
      const place = this.places[post]!;
      for (; occurrence < end; occurrence++) posts[fill[this.occurrences[occurrence]!]!++] = place;
    }
    const span = this.postCount > 0 ? this.places[this.postCount - 1]! + 1 : 0;
    const order = Array.from({ length: this.distinct }, (_, d) => d).sort(
      (a, b) => this.grams[a]! - this.grams[b]!,
    );
    const blobs = order.map((d) => encodePostings(posts.subarray(starts[d], starts[d + 1]), span));
    const ends = new Uint32Array(blobs.length);
    let end = 0;
    blobs.forEach((blob, i) => (ends[i] = end += blob.length));
    const postings = new Uint8Array(end);
    blobs.forEach((blob, i) => postings.set(blob, ends[i]! - blob.length));
    return { grams: Uint32Array.from(order, (d) => this.grams[d]!), postings, ends };
  }

  private indexOf(gram: number): number {
    let slot = (Math.imul(gram, 0x9e3779b1) >>> 0) & (this.capacity - 1);
    for (;;) {
      const index = this.slotIndex[slot]!;
      if (index === -1) break;
      if (this.slotGram[slot] === gram) return index;
      slot = (slot + 1) & (this.capacity - 1);
    }
    const index = this.distinct++;
    if (index === this.grams.length) {
      const size = this.grams.length * 2;
      this.grams = grown(this.grams, size);
      this.counts = grown(this.counts, size);
      this.lastPost = grown(this.lastPost, size, -1);
    }
    this.grams[index] = gram;
    this.lastPost[index] = -1;
    this.slotGram[slot] = gram;
    this.slotIndex[slot] = index;
    if (this.distinct * 2 > this.capacity) this.rehash();
    return index;
  }

  private rehash(): void {
    this.capacity *= 2;
    this.slotGram = new Uint32Array(this.capacity);
    this.slotIndex = new Int32Array(this.capacity).fill(-1);
    for (let index = 0; index < this.distinct; index++) {
      const gram = this.grams[index]!;
      let slot = (Math.imul(gram, 0x9e3779b1) >>> 0) & (this.capacity - 1);
      while (this.slotIndex[slot] !== -1) slot = (slot + 1) & (this.capacity - 1);
      this.slotGram[slot] = gram;
      this.slotIndex[slot] = index;
    }
  }
}

function grown<T extends Uint32Array | Int32Array>(array: T, size: number, fill = 0): T {
  const larger = new (array.constructor as new (size: number) => T)(size);
  larger.set(array);
  if (fill !== 0) larger.fill(fill, array.length);
  return larger;
}

/**
 * A segment's posts (places in it, ascending) as a blob: a format byte, then either each place as
 * 16 bits little-endian, or a bitmap of the places below `span` (bit i of byte i >> 3 is place i),
 * whichever is smaller.
 */
export function encodePostings(places: Uint16Array, span: number): Uint8Array {
  const bitmapBytes = Math.ceil(span / 8);
  if (bitmapBytes < places.length * 2) {
    const blob = new Uint8Array(1 + bitmapBytes);
    blob[0] = BITMAP;
    for (const place of places) blob[1 + (place >> 3)]! |= 1 << (place & 7);
    return blob;
  }
  const blob = new Uint8Array(1 + places.length * 2);
  blob[0] = LIST;
  for (let i = 0; i < places.length; i++) {
    blob[1 + 2 * i] = places[i]! & 0xff;
    blob[2 + 2 * i] = places[i]! >> 8;
  }
  return blob;
}

/** Calls `visit` with each place a postings blob lists, ascending. */
export function decodePostings(blob: Uint8Array, visit: (place: number) => void): void {
  if (blob[0] === LIST) {
    for (let at = 1; at + 1 < blob.length; at += 2) visit(blob[at]! | (blob[at + 1]! << 8));
    return;
  }
  for (let byte = 1; byte < blob.length; byte++) {
    let bits = blob[byte]!;
    while (bits !== 0) {
      const low = bits & -bits;
      visit(((byte - 1) << 3) + (31 - Math.clz32(low)));
      bits ^= low;
    }
  }
}

/** A segment to merge, its places lying `offset` after the merged base. */
export interface SegmentPart {
  offset: number;
  rows: SegmentRows;
}

/**
 * Segments of consecutive batches as one segment from the first one's base, so that a bigram has
 * one row per SEGMENT_POSTS posts whatever the import's batch size: a keyword reads a bigram's
 * rows scattered through the table, and fewer rows cost fewer reads. Places stay ascending
 * because parts come in pk order and do not overlap.
 */
export function mergeSegments(parts: readonly SegmentPart[]): SegmentRows {
  const last = parts.at(-1);
  if (!last)
    return { grams: new Uint32Array(0), postings: new Uint8Array(0), ends: new Uint32Array(0) };
  const span = last.offset + spanOf(last.rows);
  if (span > SEGMENT_POSTS) throw new RangeError(`segments span ${span} posts`);
  const next = new Uint32Array(parts.length);
  const grams: number[] = [];
  const blobs: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let gram = -1;
    parts.forEach((part, p) => {
      const i = next[p]!;
      if (i < part.rows.grams.length && (gram === -1 || part.rows.grams[i]! < gram)) {
        gram = part.rows.grams[i]!;
      }
    });
    if (gram === -1) break;
    const holding: { offset: number; blob: Uint8Array }[] = [];
    let count = 0;
    parts.forEach((part, p) => {
      const i = next[p]!;
      if (part.rows.grams[i] !== gram) return;
      const blob = postingsAt(part.rows, i);
      holding.push({ offset: part.offset, blob });
      count += postingsCount(blob);
      next[p] = i + 1;
    });
    const blob = mergedPostings(holding, count, span);
    grams.push(gram);
    blobs.push(blob);
    total += blob.length;
  }
  const postings = new Uint8Array(total);
  const ends = new Uint32Array(blobs.length);
  let end = 0;
  blobs.forEach((blob, i) => {
    postings.set(blob, end);
    ends[i] = end += blob.length;
  });
  return { grams: Uint32Array.from(grams), postings, ends };
}

/** The places a segment's blobs can reach: one past the highest place of any bigram. */
function spanOf(rows: SegmentRows): number {
  let span = 0;
  rows.grams.forEach((_, i) => {
    const blob = postingsAt(rows, i);
    if (blob[0] === BITMAP) span = Math.max(span, (blob.length - 1) * 8);
    else if (blob.length > 1)
      span = Math.max(span, (blob[blob.length - 2]! | (blob[blob.length - 1]! << 8)) + 1);
  });
  return span;
}

function postingsCount(blob: Uint8Array): number {
  if (blob[0] === LIST) return (blob.length - 1) / 2;
  let count = 0;
  for (let byte = 1; byte < blob.length; byte++) {
    let bits = blob[byte]!;
    while (bits !== 0) {
      bits &= bits - 1;
      count++;
    }
  }
  return count;
}

/** One blob for the places of several parts' blobs of a bigram, in encodePostings' format. */
function mergedPostings(
  holding: readonly { offset: number; blob: Uint8Array }[],
  count: number,
  span: number,
): Uint8Array {
  const bitmapBytes = Math.ceil(span / 8);
  if (bitmapBytes < count * 2) {
    const merged = new Uint8Array(1 + bitmapBytes);
    merged[0] = BITMAP;
    for (const { offset, blob } of holding) {
      if (blob[0] === BITMAP && offset % 8 === 0) {
        // Byte-aligned (batches are usually 8,192 posts): whole bytes.
        for (let byte = 1; byte < blob.length; byte++) merged[byte + offset / 8]! |= blob[byte]!;
      } else {
        decodePostings(blob, (place) => {
          merged[1 + ((offset + place) >> 3)]! |= 1 << ((offset + place) & 7);
        });
      }
    }
    return merged;
  }
  const merged = new Uint8Array(1 + count * 2);
  merged[0] = LIST;
  let at = 1;
  for (const { offset, blob } of holding) {
    decodePostings(blob, (place) => {
      merged[at++] = (offset + place) & 0xff;
      merged[at++] = (offset + place) >> 8;
    });
  }
  return merged;
}
