import type { FastifyRequest } from 'fastify';
import { projectPath, type AuditAction, type AuditTargetType } from '@yuqing/core';
import type { Viewer } from '../auth/access.js';
import type { ProjectRecord, Store, SubjectRecord } from '../store/index.js';

/** What an action was taken on: its id, and its code, title or name as it is now. */
export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  name: string;
}

/** A project as routes hold it: the access hook's record, or tenancy administration's row. */
type AuditProject = Pick<ProjectRecord, 'id' | 'repository' | 'customerCode' | 'code'> | AdminPath;
interface AdminPath {
  id: string;
  path: string;
}

/**
 * Who acted, and where: a super admin outside any project (their `Viewer`), or someone in a
 * project (a route's `ProjectAccess`; `viewer` undefined for the import command on the server's
 * machine, which has no account).
 */
export type AuditBy =
  Viewer | { viewer: Viewer | undefined; project: AuditProject; subject?: SubjectRecord };

/**
 * Writes one audit entry for a request: its caller, the client address Fastify resolved (behind
 * `TRUSTED_PROXIES` only), the project and subject, and `details`, which must hold no secret.
 */
export type Audit = (
  request: FastifyRequest,
  by: AuditBy,
  action: AuditAction,
  target: AuditTarget,
  details?: Record<string, unknown>,
) => Promise<void>;

const pathOf = (project: AuditProject) =>
  'path' in project
    ? project.path
    : projectPath({
        repository: project.repository,
        customer: project.customerCode,
        project: project.code,
      });

/** The project a call names, or its subject, as a target (dashboards, settings, posts, rules). */
export function placeTarget({
  project,
  subject,
}: {
  project: AuditProject;
  subject?: SubjectRecord;
}): AuditTarget {
  return subject
    ? { type: 'subject', id: subject.id, name: subject.name }
    : { type: 'project', id: project.id, name: pathOf(project) };
}

export function createAudit(store: Store): Audit {
  return async (request, by, action, target, details = {}) => {
    const scoped = 'project' in by ? by : undefined;
    const viewer = 'project' in by ? by.viewer : by;
    const subject = scoped?.subject;
    await store.auditLog.record({
      actor: viewer ? { id: viewer.user.id, username: viewer.user.username } : null,
      action,
      target,
      project: scoped && { id: scoped.project.id, name: pathOf(scoped.project) },
      address: request.ip,
      details: subject ? { subjectId: subject.id, subject: subject.name, ...details } : details,
    });
  };
}
