import { describe, expect, it } from 'vitest';
import { LoopTurns } from './loop-turns.js';

describe('LoopTurns', () => {
  it('gives each taker a turn of the event loop of its own, first come first served', async () => {
    // Counts the loop's turns: an immediate that queues itself runs once a turn.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const turns = new LoopTurns();
    const order: string[] = [];
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        turns.take().then(() => {
          order.push(name);
          return turn;
        }),
      ),
    );
    counting = false;
    expect(order).toEqual(['a', 'b', 'c']);
    expect(new Set(seen).size).toBe(3);
  });

  it('answers at once when nobody else waits', async () => {
    const turns = new LoopTurns();
    await turns.take();
    await turns.take();
  });
});
