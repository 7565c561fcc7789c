import { ADMIN_CALLS } from '../admin/calls.js';
import { ALERT_CALLS } from '../alerts/calls.js';
import { POST_CALLS } from '../dashboard/calls.js';
import { EXPORT_CALLS, EXPORT_TEMPLATE_CALLS } from '../export/calls.js';
import {
  REPORT_CALLS,
  REPORT_IMAGE_CALLS,
  REPORT_SHARE_CALLS,
  REPORT_THEME_CALLS,
} from '../export/report-calls.js';
import { LLM_CALLS } from '../llm/calls.js';
import { MANAGE_CALLS } from '../manage/calls.js';
import { PROJECT_CALLS } from '../manage/project-calls.js';
import { CORRECTION_CALLS } from '../posts/correction-calls.js';
import { PROXY_CALLS } from '../proxy.js';
import { SCHEDULE_CALLS } from '../schedules/calls.js';
import { SESSION_CALLS } from '../session-calls.js';
import { TAG_CALLS } from '../tagging/calls.js';
import type { CallContract } from './call.js';
import { SYSTEM_CALLS } from './system-calls.js';

/** Every call of the API, by group: what the server registers and the web may make. */
export const API_CALLS = {
  admin: ADMIN_CALLS,
  alerts: ALERT_CALLS,
  corrections: CORRECTION_CALLS,
  exports: EXPORT_CALLS,
  slideTemplates: EXPORT_TEMPLATE_CALLS.pptx,
  wordTemplates: EXPORT_TEMPLATE_CALLS.docx,
  llm: LLM_CALLS,
  manage: MANAGE_CALLS,
  posts: POST_CALLS,
  project: PROJECT_CALLS,
  proxy: PROXY_CALLS,
  reports: REPORT_CALLS,
  reportImages: REPORT_IMAGE_CALLS,
  reportShares: REPORT_SHARE_CALLS,
  reportThemes: REPORT_THEME_CALLS,
  schedules: SCHEDULE_CALLS,
  session: SESSION_CALLS,
  system: SYSTEM_CALLS,
  tags: TAG_CALLS,
} satisfies Record<string, Record<string, CallContract>>;

/** Every call of the API, each once. */
export function apiCalls(): CallContract[] {
  return Object.values(API_CALLS).flatMap((group) => Object.values(group));
}
