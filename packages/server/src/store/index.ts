import { AdminTenancyRepo } from './admin-tenancy.repo.js';
import { AdminUsersRepo } from './admin-users.repo.js';
import { AlertChannelsRepo } from './alert-channels.repo.js';
import { AlertDeliveriesRepo } from './alert-deliveries.repo.js';
import { AlertRulesRepo } from './alert-rules.repo.js';
import { AlertsRepo } from './alerts.repo.js';
import { AuditLogRepo } from './audit-log.repo.js';
import { DashboardsRepo } from './dashboards.repo.js';
import { DownloadJobsRepo } from './download-jobs.repo.js';
import { ExportTemplatesRepo } from './export-templates.repo.js';
import { openDatabase, type StoreKind } from './database.js';
import { JobsRepo } from './jobs.repo.js';
import { ReportSchedulesRepo } from './report-schedules.repo.js';
import { LoginFailuresRepo } from './login-failures.repo.js';
import { LoginLockoutsRepo } from './login-lockouts.repo.js';
import { PostCorrectionsRepo } from './post-corrections.repo.js';
import { ProjectCopyRepo } from './project-copy.repo.js';
import { ProjectDataRepo } from './project-data.repo.js';
import { PromptsRepo } from './prompts.repo.js';
import { ReportsRepo } from './reports.repo.js';
import { ServerSettingsRepo } from './server-settings.repo.js';
import { SessionsRepo } from './sessions.repo.js';
import { TaggingRulesRepo } from './tagging-rules.repo.js';
import { TemplatesRepo } from './templates.repo.js';
import { TenancyRepo } from './tenancy.repo.js';
import { UsersRepo } from './users.repo.js';
import { WriteLocksRepo } from './write-locks.repo.js';

export type { ProjectRecord, SubjectRecord, ProjectAccess } from './tenancy.repo.js';
export type { UserRecord } from './users.repo.js';
export type { SessionRecord } from './sessions.repo.js';
export { StaleRevisionError, type DashboardKey } from './dashboards.repo.js';
export { DuplicateProjectError } from './project-copy.repo.js';
export { DuplicateCustomerError } from './admin-tenancy.repo.js';
export { DuplicateUsernameError, UnknownProjectError } from './admin-users.repo.js';
export type { AuditRecord } from './audit-log.repo.js';
export type { DownloadJobRow } from './download-jobs.repo.js';
export type { JobKindName, JobRow } from './jobs.repo.js';
export type {
  ScheduleRow,
  ScheduleRunRow,
  ScheduleScope,
  ScheduleSubscriberRow,
} from './report-schedules.repo.js';
export type { StoredChannel } from './alert-channels.repo.js';
export type { DeliveryRow } from './alert-deliveries.repo.js';
export type { ClaimedRule } from './alert-rules.repo.js';
export type { AlertRow } from './alerts.repo.js';
export type { ReportRow } from './reports.repo.js';
export type { StoredTemplate } from './export-templates.repo.js';
export type { StoredCorrection } from './post-corrections.repo.js';
export type { StoredExportRequest } from './schema.js';

/** The metadata store: every repository over one database, PGlite or PostgreSQL. */
export interface Store {
  kind: StoreKind;
  tenancy: TenancyRepo;
  users: UsersRepo;
  sessions: SessionsRepo;
  loginFailures: LoginFailuresRepo;
  loginLockouts: LoginLockoutsRepo;
  settings: ServerSettingsRepo;
  dashboards: DashboardsRepo;
  projectData: ProjectDataRepo;
  templates: TemplatesRepo;
  projectCopy: ProjectCopyRepo;
  adminTenancy: AdminTenancyRepo;
  adminUsers: AdminUsersRepo;
  auditLog: AuditLogRepo;
  jobs: JobsRepo;
  reportSchedules: ReportSchedulesRepo;
  downloadJobs: DownloadJobsRepo;
  reports: ReportsRepo;
  exportTemplates: ExportTemplatesRepo;
  taggingRules: TaggingRulesRepo;
  prompts: PromptsRepo;
  alertChannels: AlertChannelsRepo;
  alertDeliveries: AlertDeliveriesRepo;
  alertRules: AlertRulesRepo;
  alerts: AlertsRepo;
  postCorrections: PostCorrectionsRepo;
  writeLocks: WriteLocksRepo;
  close(): Promise<void>;
}

export async function openStore(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Store> {
  const { db, kind, close } = await openDatabase(options);
  const jobs = new JobsRepo(db);
  return {
    kind,
    tenancy: new TenancyRepo(db),
    users: new UsersRepo(db),
    sessions: new SessionsRepo(db),
    loginFailures: new LoginFailuresRepo(db),
    loginLockouts: new LoginLockoutsRepo(db),
    settings: new ServerSettingsRepo(db),
    dashboards: new DashboardsRepo(db),
    projectData: new ProjectDataRepo(db),
    templates: new TemplatesRepo(db),
    projectCopy: new ProjectCopyRepo(db),
    adminTenancy: new AdminTenancyRepo(db),
    adminUsers: new AdminUsersRepo(db),
    auditLog: new AuditLogRepo(db),
    jobs,
    reportSchedules: new ReportSchedulesRepo(db, jobs),
    downloadJobs: new DownloadJobsRepo(db, jobs),
    reports: new ReportsRepo(db),
    exportTemplates: new ExportTemplatesRepo(db),
    taggingRules: new TaggingRulesRepo(db),
    prompts: new PromptsRepo(db),
    alertChannels: new AlertChannelsRepo(db),
    alertDeliveries: new AlertDeliveriesRepo(db, jobs),
    alertRules: new AlertRulesRepo(db, jobs),
    alerts: new AlertsRepo(db),
    postCorrections: new PostCorrectionsRepo(db),
    writeLocks: new WriteLocksRepo(db),
    close,
  };
}
