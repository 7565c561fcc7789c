import { z } from 'zod';
import type { projectScope } from '@yuqing/core';
import type { Access, ProjectAccess } from '../auth/access.js';
import type { ExportMember } from '../export/exports.js';

/** The member a report call is made by: the project access, and who they are for exports. */
export function reportMember(access: Access) {
  return async (
    request: Parameters<Access['requireProject']>[0],
    reply: Parameters<Access['requireProject']>[1],
    scope: z.infer<typeof projectScope>,
  ): Promise<ExportMember & { userName: string; scoped: ProjectAccess }> => {
    const scoped = await access.requireProject(request, reply, scope);
    const { viewer, project, subject, role } = scoped;
    return {
      scoped,
      userId: viewer.user.id,
      userName: viewer.user.nickname,
      project,
      subject,
      role,
    };
  };
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

/** A report image's id, in a path. */
export const imageParams = z.object({ id: z.string().uuid('图片 ID 无效') });
