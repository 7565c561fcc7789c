/**
 * Answers of read queries by key (their SQL and parameters), shared until the next write: the
 * viewers of one dashboard ask the same aggregations over the same day-aligned ranges, and a
 * query asked again while it runs waits for the running one instead of running twice.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    /** Answers kept at most; the least recently asked go first. */
    private readonly capacity: number,
    /** Answers too large to keep (a project's every SimHash) are shared while running only. */
    private readonly keeps: (answer: T) => boolean,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const generation = this.generation;
    const answer = compute();
    this.entries.set(key, answer);
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    const forget = () => {
      if (this.entries.get(key) === answer) this.entries.delete(key);
    };
    answer.then((value) => {
      // A write during the query may have changed what it read.
      if (generation !== this.generation || !this.keeps(value)) forget();
    }, forget);
    return answer;
  }

  /** Called at every write: no answer read before it is given after it. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * The cache key of a query: its SQL and its parameters. A parameter that is an object (a keyword
 * bitmap) is named by `names`, which its maker filled; one without a name makes a key of its own.
 */
export function queryKey(sql: string, values: readonly unknown[], names: WeakMap<object, string>) {
  const parts = values.map((value) => {
    if (typeof value === 'object' && value !== null) {
      return `o${names.get(value) ?? `${Math.random()}`}`;
    }
    return `${typeof value}:${String(value)}`;
  });
  return `${sql}\u0000${parts.join('\u0000')}`;
}
