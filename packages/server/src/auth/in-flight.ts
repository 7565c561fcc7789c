/**
 * Shares a lookup among the callers that ask for it while it runs: a dashboard's widgets send
 * their searches at once with one cookie, and each checked the same session, user, project and
 * role on the store's single connection. Nothing is kept after the lookup settles, so no answer
 * is older than the first caller's question.
 */
export class InFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, lookup: () => Promise<T>): Promise<T> {
    const shared = this.running.get(key);
    if (shared) return shared as Promise<T>;
    const started = lookup().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}
