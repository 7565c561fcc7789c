// A Vitest reporter for `npm test`: at the end of a run it names every test that used more than a
// third of its time budget (its timeout), so a test that passes here but would time out on a
// slower or busier machine is seen before it fails there. It reports; it never fails a run.
const SHARE = 1 / 3;

export default class TestBudgets {
  onTestRunEnd(testModules) {
    const tight = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const duration = test.diagnostic()?.duration;
        const budget = test.task.timeout;
        if (!duration || !budget || duration <= budget * SHARE) continue;
        tight.push({ name: `${testModule.relativeModuleId} > ${test.fullName}`, duration, budget });
      }
    }
    tight.sort((a, b) => b.duration / b.budget - a.duration / a.budget);
    if (tight.length === 0) {
      console.log('\ntest budgets: every test took under a third of its timeout');
      return;
    }
    console.log(`\ntest budgets: ${tight.length} test(s) took more than a third of their timeout`);
    for (const { name, duration, budget } of tight) {
      const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
      console.log(`  ${seconds(duration)} of ${seconds(budget)}  ${name}`);
    }
  }
}
