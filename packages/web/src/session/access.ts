import type { UserInfo } from '@yuqing/core';
import type { Session } from './session';

/** The web only hides what a user may not do; the server enforces it. */
export function canManage(user: UserInfo): boolean {
  return user.isAdmin || user.isSuperAdmin;
}

export function isSubjectProject(session: Session): boolean {
  return session.detail?.project.isSubject ?? Boolean(session.location.subject_id);
}

/** System configuration is for a super admin on a project that is not a subject. */
export function canConfigureSystem(session: Session): boolean {
  return session.user.isSuperAdmin && !isSubjectProject(session);
}

export function isSignedIn(user: UserInfo): boolean {
  return user.isLogin && !user.isGuest;
}
