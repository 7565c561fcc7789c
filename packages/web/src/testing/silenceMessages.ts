import { message } from 'antd';
import { vi } from 'vitest';

/**
 * Replaces antd's static `message` calls with spies that draw nothing. The static API renders
 * into a React root of its own that testing-library never unmounts; its close timers then run
 * after happy-dom is torn down and fail the run with "window is not defined". Tests assert the
 * calls through `vi.mocked(message.success)` and the like.
 */
export function silenceMessages() {
  for (const kind of ['success', 'error', 'warning', 'info'] as const) {
    // What antd answers: a function that closes the message, and a promise of its closing.
    vi.spyOn(message, kind).mockImplementation(() => {
      const closed = Promise.resolve(true);
      return Object.assign(() => {}, { then: closed.then.bind(closed) });
    });
  }
}
