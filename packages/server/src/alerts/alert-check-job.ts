import type { Store } from '../store/index.js';
import { messageOf } from '../refusals.js';
import { nextCheckAfter } from '../store/alert-rules.repo.js';
import { defineJobKind, RECURRING_RETRY } from '../jobs/job-kind.js';
import type { AlertChecker } from './checker.js';

export interface AlertCheckDeps {
  store: Store;
  checker: AlertChecker;
  /**
   * Awaited before each check is claimed, so that a round's store work (on the embedded PGlite,
   * in this process's thread) waits for the pages users wait on, as its engine calls do.
   */
  giveWay?: () => Promise<void>;
  logError: (error: unknown, message: string) => void;
}

/**
 * A rule's checks as a recurring job kind (the job has the rule's id): claimed by one server
 * (so servers sharing a database never check a rule twice for one due time), checked, and due
 * again at the next grid point of its interval. A failed check is logged and the rule checked
 * again when next due, as a disabled rule waits its interval unchecked. A run that fails (the
 * store did not answer) or is cut off is tried again a minute later, then 2, 4, 8 and every 15:
 * a rule's checks never end on their own, however long an outage lasts.
 */
export function alertCheckJobKind({ store, checker, giveWay, logError }: AlertCheckDeps) {
  return defineJobKind({
    name: 'alert-check',
    retry: RECURRING_RETRY,
    describe: (error) => `预警检查失败: ${messageOf(error)}`,
    interrupted: '预警检查多次中断，已停止',
    ...(giveWay && { beforeClaim: giveWay }),
    async run({ id, now }) {
      const claimed = await store.alertRules.forCheck(id);
      if (!claimed) return;
      const at = now().getTime();
      if (claimed.rule.enabled) {
        try {
          await checker.check(claimed.projectId, claimed.rule, at);
        } catch (error) {
          logError(error, `alert rule ${id} failed its check`);
        }
        await store.alertRules.recordCheck(id, at);
      }
      return { nextRunAt: new Date(nextCheckAfter(at, claimed.rule.interval_minutes)) };
    },
  });
}
