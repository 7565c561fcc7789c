/**
 * A seeded random source: mulberry32, a 32-bit generator that is tiny, fast and plenty for demo
 * data (it is not cryptographic). Written here rather than taken from npm so that the stream for a
 * seed can never change under us with a dependency update.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal with the given median; sigma is the spread of its logarithm. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }
}

/** Picks among entries in proportion to their weights. */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cumulative: number[];

  constructor(entries: readonly (readonly [T, number])[]) {
    let total = 0;
    this.items = entries.map(([item]) => item);
    this.cumulative = entries.map(([, weight]) => (total += weight));
    if (!(total > 0)) throw new RangeError('weights must add up to more than zero');
  }

  pick(random: Random): T {
    const target = random.next() * (this.cumulative.at(-1) as number);
    let index = 0;
    while ((this.cumulative[index] as number) <= target) index++;
    return this.items[index] as T;
  }
}
