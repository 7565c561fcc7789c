import type { ProjectAccess } from '../auth/access.js';
import type { ExportMember } from '../export/exports.js';

/** The member a report call is made by: who they are for exports, and their name. */
export function reportMember({
  viewer,
  project,
  subject,
  role,
}: ProjectAccess): ExportMember & { userName: string } {
  return { userId: viewer.user.id, userName: viewer.user.nickname, project, subject, role };
}

/** A report, image or theme as an audit entry names it. */
export const reportTarget = (row: { id: string; title: string }) => ({
  type: 'report' as const,
  id: row.id,
  name: row.title,
});
export const imageTarget = (image: { id: string; name: string }) => ({
  type: 'report_image' as const,
  id: image.id,
  name: image.name,
});
export const themeTarget = (theme: { id: string; name: string }) => ({
  type: 'report_theme' as const,
  id: theme.id,
  name: theme.name,
});
