import {
  dashboardLink,
  inQuietHours,
  type Alert,
  type AlertRule,
  type ProjectScope,
} from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import type { Store } from '../store/index.js';
import { dueAtOrBefore } from '../store/alert-rules.repo.js';
import { alertMeasureOf, type Measured } from './conditions/measured.js';
import { describeIncident } from './incident.js';
import { measureRule, windowEndingAt } from './measure-rule.js';
import type { AlertNotifier } from './notify.js';

export type CheckOutcome =
  /** The condition did not fire. */
  | 'calm'
  /** It fired inside quiet hours, with no incident going on: nothing raised. */
  | 'quiet'
  | 'raised'
  /** It fired again within the rule's cooldown: the incident's alert was updated. */
  | 'updated';

export interface CheckResult {
  outcome: CheckOutcome;
  measure: Measured;
  alert?: Alert;
}

const MINUTE = 60_000;

/**
 * Checks one rule at one time: measures its newest window and raises an alert, or updates the
 * incident's alert when the rule fired within its cooldown (at least one check interval) after
 * the incident last fired, so one incident is one alert. Inside quiet hours nothing is raised and
 * updates are not sent; an incident still firing after them is raised then.
 */
export class AlertChecker {
  constructor(
    private readonly store: Store,
    private readonly engine: PostsEngine,
    private readonly notify: AlertNotifier,
    private readonly logError: (error: unknown, message: string) => void = () => {},
  ) {}

  async check(projectId: string, rule: AlertRule, now: number): Promise<CheckResult | undefined> {
    const project = await this.store.tenancy.findProjectById(projectId);
    if (!project) return undefined;
    const timeZone = project.profile.timezone;
    const scope: EngineScope = { projectId, timeZone };
    const window = windowEndingAt(rule, dueAtOrBefore(now, rule.interval_minutes));
    const [measure] = (await measureRule(this.engine, scope, rule, [window])) as [Measured];
    if (!measure.fired) return { outcome: 'calm', measure };

    const latest = await this.store.alerts.latestOfRule(rule._id);
    const gap = Math.max(rule.cooldown_minutes, rule.interval_minutes) * MINUTE;
    const ongoing =
      latest && window.end - latest.last_fired_at.getTime() <= gap ? latest : undefined;
    const quiet = inQuietHours(window.end, rule.quiet_hours, timeZone);
    if (!ongoing && quiet) return { outcome: 'quiet', measure };

    const startedAt = ongoing ? ongoing.started_at.getTime() : window.start;
    const incident = { start: startedAt, end: window.end };
    const location: ProjectScope = {
      repository: project.repository,
      customer: project.customerCode,
      project: project.code,
    };
    const content = {
      measure: alertMeasureOf(measure),
      ...(await describeIncident(this.engine, scope, measure.focus, incident)),
      link: dashboardLink(location, rule.page, measure.focus, incident),
    };
    const alert = ongoing
      ? await this.store.alerts.update(ongoing.id, { at: now, firedAt: window.end, content })
      : await this.store.alerts.raise({
          projectId,
          ruleId: rule._id,
          ruleName: rule.name,
          level: rule.level,
          at: now,
          startedAt,
          firedAt: window.end,
          content,
        });
    if (!quiet) {
      try {
        await this.notify(alert, rule, projectId);
      } catch (error) {
        this.logError(error, `alert ${alert._id} was not delivered`);
      }
    }
    return { outcome: ongoing ? 'updated' : 'raised', measure, alert };
  }
}
