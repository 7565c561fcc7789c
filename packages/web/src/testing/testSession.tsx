import { EMPTY_DASHBOARD, GUEST, project, type Project } from '@yuqing/core';
import type { ReactNode } from 'react';
import { SessionContext, type Session } from '../session/session';

/** A signed-in session on a project with the given profile, for component tests. */
export function testSession(profile: Partial<Project> = {}): Session {
  const detailProject = project.parse({
    menus: [],
    name: '演示项目',
    customer: 'demo',
    repository: 'demo',
    project: 'demo',
    created_at: '2024-01-01',
    isSubject: false,
    ...profile,
  });
  return {
    location: { repository: 'demo', customer: 'demo', project: 'demo', version: 'v1' },
    user: { ...GUEST, nickname: 'tester', isLogin: true, isGuest: false },
    info: {
      project: 'demo',
      projectID: 'p1',
      customer: { code: 'demo', name: '演示' },
      name: '演示项目',
      config: { scene: '', icp: '', loginTypes: ['pw'], primaryColor: '#3673F1' },
    },
    detail: {
      project: detailProject,
      dashboard: EMPTY_DASHBOARD,
      source: { kind: 'published', version: null },
    } as Session['detail'],
  } as Session;
}

export function SessionWrapper({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** A query of today and nothing else, as a page without defaults opens. */
export { baseQuery as todayQuery } from '@yuqing/core';
