import { invalidInput } from '../src/refusals.js';
import { answerCalls } from '../src/jobs/thread-calls.js';

/** A thread for ThreadCalls' tests: answers, refuses, spins or exits as asked. */
export type TestThreadCall =
  | { op: 'echo'; value: unknown }
  | { op: 'refuse'; message: string }
  | { op: 'spin'; ms: number }
  | { op: 'exit' };

let calls = 0;

answerCalls((call: TestThreadCall) => {
  calls++;
  switch (call.op) {
    case 'echo':
      return { value: call.value, calls };
    case 'refuse':
      throw invalidInput(call.message);
    case 'spin': {
      const until = performance.now() + call.ms;
      while (performance.now() < until);
      return { value: null, calls };
    }
    case 'exit':
      process.exit(3);
  }
});
