import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AlertChannelKind,
  AddJobRequest,
  Alert,
  AlertLevel,
  AlertRuleInput,
  AuditAction,
  AuditTargetType,
  Chart,
  ChartSnapshot,
  ChartSource,
  ChatMessage,
  ConditionKind,
  Dashboard,
  DownloadJobStatus,
  ExportFileFormat,
  ParsedAlertMessage,
  PageExportRequest,
  ProjectScope,
  ReportImage,
  ReportTheme,
  TemplateKind,
  OptionItem,
  ProjectProfile,
  Role,
  ScheduleInput,
  ScheduleRecipient,
  ScheduleRun,
  ScheduleRunStatus,
} from '@yuqing/core';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface CustomersTable {
  id: Generated<string>;
  code: string;
  name: string;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<string>;
  customer_id: string;
  repository: string;
  code: string;
  name: string;
  profile: Json<ProjectProfile>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SubjectsTable {
  id: string;
  project_id: string;
  name: string;
  tendencies: Json<string[]>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  nickname: string;
  /** scrypt hash of the MD5 hex the browser sends; null for WeChat-only accounts. */
  password_hash: string | null;
  wx_openid: string | null;
  is_super_admin: Generated<boolean>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  user_id: string;
  project_id: string;
  role: Role;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  is_wx: boolean;
  address: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  username: string;
  address: string;
  failed_at: CreatedAt;
}

export interface LoginLockoutsTable {
  id: Generated<string>;
  kind: 'address' | 'account';
  username: string;
  address: string;
  started_at: Date;
  last_failure_at: Date;
  failures: number;
  until: Date;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface DashboardsTable {
  project_id: string;
  /** '' for the project's own dashboard. */
  subject_id: string;
  draft: Json<Dashboard>;
  /** Goes up by one on every save; a save naming an older revision is refused. */
  revision: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

export interface DashboardVersionsTable {
  project_id: string;
  subject_id: string;
  version: number;
  content: Json<Dashboard>;
  published_at: CreatedAt;
  published_by: string | null;
}

export interface ProjectDataTable {
  project_id: string;
  name: string;
  kind: 'list' | 'tree';
  items: Json<OptionItem[]>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ProjectTemplatesTable {
  customer_id: string;
  name: string;
  content: Json<Dashboard>;
  /** When the template was last saved (saving a name again replaces it). */
  created_at: ColumnType<Date, Date | undefined, Date>;
  created_by: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actor_id: string | null;
  actor_name: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  target_name: string;
  project_id: string | null;
  project_name: string | null;
  address: string | null;
  details: Json<Record<string, unknown>>;
}

/** An offline job's export as it was asked: the member's scope and role, and the request. */
export interface StoredExportRequest {
  scope: ProjectScope;
  role: Role;
  /** An offline job's AddJobRequest; a direct export's PageExportRequest or report. */
  export: PageExportRequest | AddJobRequest | { report: string };
}

export interface DownloadJobsTable {
  id: Generated<string>;
  project_id: string;
  owner_id: string;
  /** An offline job (listed at #/download) rather than a direct export's file. */
  offline: boolean;
  format: ExportFileFormat;
  name: string;
  /** What to export and for whom: the request and the member's scope and role. */
  request: Json<StoredExportRequest>;
  status: DownloadJobStatus;
  rows: Generated<number>;
  total: Generated<number>;
  /** The file's name under DATA_DIR/downloads. */
  file: string | null;
  size: ColumnType<string | null, number | null, number | null>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
  expires_at: Date;
}

export interface ReportImagesTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  type: ReportImage['type'];
  bytes: Uint8Array;
  size: number;
  /** Who uploaded it; null for earlier images and deleted accounts (admins' then). */
  owner_id: string | null;
  created_at: CreatedAt;
}

export interface ReportsTable {
  id: Generated<string>;
  project_id: string;
  /** '' for the project's own reports. */
  subject_id: string;
  title: string;
  description: string;
  header_text: string;
  header_img: string | null;
  logo_img: string | null;
  theme: Json<ReportTheme>;
  charts: Json<Chart[]>;
  aggs_data: Json<Record<string, ChartSnapshot>>;
  chart_source: Json<ChartSource>;
  /** Its page was an admin-visible menu item when it was made. */
  page_admin_only: Generated<boolean>;
  published: Generated<boolean>;
  author_id: string | null;
  author_name: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ReportThemesTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  theme: Json<ReportTheme>;
  /** Who saved it; null for earlier themes and deleted accounts (admins' then). */
  owner_id: string | null;
  /** The theme's JSON bytes, for the quota. */
  size: number;
  created_at: CreatedAt;
}

export interface ReportSharesTable {
  id: Generated<string>;
  report_id: string;
  token_hash: string;
  author_id: string | null;
  author_name: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  views: Generated<number>;
  last_viewed_at: Date | null;
}

export interface ExportTemplatesTable {
  id: Generated<string>;
  project_id: string;
  kind: TemplateKind;
  name: string;
  colors: Json<string[]>;
  accent: string;
  background: string;
  logo: Uint8Array | null;
  logo_type: 'image/png' | 'image/jpeg' | null;
  /** The uploader's name. */
  created_by: string;
  created_at: CreatedAt;
}

export interface TaggingRulesTable {
  project_id: string;
  /** The current version: its JSON text is in `tagging_rule_parts`. */
  version: string;
  parts: number;
  /** Who last replaced them; null for the seed. */
  updated_by: string | null;
  updated_at: ColumnType<Date, never, Date>;
}

/** A part of the JSON text of a version of a project's tagging rules (core `TagRules`). */
export interface TaggingRulePartsTable {
  project_id: string;
  version: string;
  part: number;
  text: string;
}

/** A person's correction of a post's sentiment or duplicate mark (migration 018). */
export interface PostCorrectionsTable {
  project_id: string;
  post_id: string;
  field: 'sentiment' | 'duplicate';
  machine_value: string;
  person_value: string;
  /** The text the machine classified (title and text). */
  post_text: string;
  actor_id: string | null;
  actor_name: string;
  at: Date;
}

export interface PromptsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  type_name: string;
  messages: Json<ChatMessage[]>;
  temperature: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What a rule holds beyond its listed columns (core's AlertRuleInput). */
export type StoredRuleDefinition = Pick<
  AlertRuleInput,
  'query' | 'page' | 'condition' | 'quiet_hours' | 'cooldown_minutes'
>;

export interface AlertRulesTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  level: AlertLevel;
  enabled: boolean;
  interval_minutes: number;
  definition: Json<StoredRuleDefinition>;
  last_checked_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What an alert shows beyond its listed columns. */
export type StoredAlertContent = Pick<
  Alert,
  'measure' | 'top_posts' | 'top_words' | 'platforms' | 'first_post' | 'link'
>;

export interface AlertsTable {
  id: Generated<string>;
  project_id: string;
  rule_id: string;
  rule_name: string;
  /** The rule's condition kind when the alert was raised (migration 014). */
  condition_kind: ConditionKind;
  level: AlertLevel;
  raised_at: Date;
  updated_at: Date;
  started_at: Date;
  last_fired_at: Date;
  updates: Generated<number>;
  content: Json<StoredAlertContent>;
}

export interface AlertReadsTable {
  alert_id: string;
  user_id: string;
  read_at: CreatedAt;
}

/** A rule's delivery channel; `config` is its settings sealed with ALERT_SECRET_KEY. */
export interface AlertChannelsTable {
  id: Generated<string>;
  project_id: string;
  rule_id: string;
  position: number;
  kind: AlertChannelKind;
  config: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type AlertDeliveryState = 'pending' | 'sending' | 'sent' | 'failed';

/** One send of an alert update through a channel. */
export interface AlertDeliveriesTable {
  id: Generated<string>;
  project_id: string;
  alert_id: string;
  channel_id: string;
  message: Json<ParsedAlertMessage>;
  state: AlertDeliveryState;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: CreatedAt;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** The run of one piece of background work, whatever its kind (jobs/job-runner.ts). */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  project_id: string | null;
  key: string | null;
  payload: Json<unknown>;
  progress: ColumnType<unknown, string | null | undefined, string | null>;
  status: JobStatus;
  attempts: Generated<number>;
  next_run_at: Date;
  claimed_by: string | null;
  lease_until: Date | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ReportSchedulesTable {
  id: Generated<string>;
  project_id: string;
  /** '' for the project's own schedules. */
  subject_id: string;
  name: string;
  enabled: boolean;
  settings: Json<ScheduleSettings>;
  author_id: string | null;
  author_name: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A schedule's input besides its name and switch. */
export type ScheduleSettings = Omit<ScheduleInput, 'name' | 'enabled'>;

export interface ReportScheduleRunsTable {
  id: Generated<string>;
  schedule_id: string;
  manual: boolean;
  period_start: Date;
  period_end: Date;
  status: ScheduleRunStatus;
  error: string | null;
  attempts: Generated<number>;
  report_id: string | null;
  files: ColumnType<ScheduleRun['files'], string | undefined, string>;
  recipients: ColumnType<ScheduleRecipient[], string | undefined, string>;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface ReportScheduleSubscribersTable {
  schedule_id: string;
  user_id: string;
  email: string;
  created_at: CreatedAt;
}

/** A lock of processes sharing the store (write-locks.repo.ts). */
export interface WriteLocksTable {
  name: string;
  holder: string;
  expires_at: Date;
}

export interface Database {
  jobs: JobsTable;
  write_locks: WriteLocksTable;
  report_schedules: ReportSchedulesTable;
  report_schedule_runs: ReportScheduleRunsTable;
  report_schedule_subscribers: ReportScheduleSubscribersTable;
  server_settings: ServerSettingsTable;
  customers: CustomersTable;
  projects: ProjectsTable;
  subjects: SubjectsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  login_lockouts: LoginLockoutsTable;
  download_jobs: DownloadJobsTable;
  reports: ReportsTable;
  report_images: ReportImagesTable;
  report_themes: ReportThemesTable;
  report_shares: ReportSharesTable;
  export_templates: ExportTemplatesTable;
  dashboards: DashboardsTable;
  dashboard_versions: DashboardVersionsTable;
  project_data: ProjectDataTable;
  project_templates: ProjectTemplatesTable;
  audit_log: AuditLogTable;
  prompts: PromptsTable;
  tagging_rules: TaggingRulesTable;
  tagging_rule_parts: TaggingRulePartsTable;
  alert_channels: AlertChannelsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_rules: AlertRulesTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
  post_corrections: PostCorrectionsTable;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
