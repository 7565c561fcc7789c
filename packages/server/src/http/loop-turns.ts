/**
 * Hands out turns of the event loop one at a time: each `take()` resolves in a turn of its own,
 * after the loop has polled for I/O since the one before. Answers that resume together (fifty
 * viewers waiting on one search) then each serialise and write in their own turn, and a request
 * that arrives meanwhile (/health) is read between them instead of after all of them.
 */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // An immediate queued while immediates run waits for the loop's next turn, past its poll.
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      if (this.waiting.length > 0) this.schedule();
    });
  }
}
