import type { Migration, MigrationProvider } from 'kysely';
import * as tenancy from './001-tenancy.js';
import * as dashboards from './002-dashboards.js';
import * as templates from './003-templates.js';
import * as loginLockouts from './004-login-lockouts.js';
import * as tenancyAdmin from './005-tenancy-admin.js';
import * as downloadJobs from './006-download-jobs.js';
import * as reports from './007-reports.js';
import * as exportTemplates from './008-export-templates.js';
import * as taggingRules from './009-tagging-rules.js';
import * as prompts from './010-prompts.js';
import * as alerts from './012-alerts.js';
import * as alertDeliveries from './013-alert-deliveries.js';
import * as alertConditionKind from './014-alert-condition-kind.js';
import * as reportOwners from './015-report-owners.js';
import * as auditScope from './016-audit-scope.js';
import * as postCorrections from './018-post-corrections.js';
import * as taggingRuleParts from './019-tagging-rule-parts.js';
import * as jobs from './020-jobs.js';
import * as reportSchedules from './021-report-schedules.js';
import * as writeLocks from './022-write-locks.js';

/** Versioned migrations, applied in name order at start. Never edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '001-tenancy': tenancy,
  '002-dashboards': dashboards,
  '003-templates': templates,
  '004-login-lockouts': loginLockouts,
  '005-tenancy-admin': tenancyAdmin,
  '006-download-jobs': downloadJobs,
  '007-reports': reports,
  '008-export-templates': exportTemplates,
  '009-tagging-rules': taggingRules,
  '010-prompts': prompts,
  '012-alerts': alerts,
  '013-alert-deliveries': alertDeliveries,
  '014-alert-condition-kind': alertConditionKind,
  '015-report-owners': reportOwners,
  '016-audit-scope': auditScope,
  '018-post-corrections': postCorrections,
  '019-tagging-rule-parts': taggingRuleParts,
  '020-jobs': jobs,
  '021-report-schedules': reportSchedules,
  '022-write-locks': writeLocks,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
