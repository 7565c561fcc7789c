import {
  DEFAULT_PRIMARY_COLOR,
  type ProjectDetail,
  type ProjectInfo,
  type ProjectLocation,
  type UserInfo,
} from '@yuqing/core';
import { createContext, useContext } from 'react';

/** What startup learned about the page's project and user; fixed until the next full reload. */
export interface Session {
  location: ProjectLocation;
  user: UserInfo;
  info: ProjectInfo;
  /** The opened project; absent for guests or when the server refused it. */
  detail?: ProjectDetail;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs the SessionContext of App');
  return session;
}

/** The session, if the page has one: a report's share page opens without signing in. */
export function useOptionalSession(): Session | undefined {
  return useContext(SessionContext);
}

export function primaryColorOf(session: Session): string {
  return (
    session.detail?.project.primaryColor ??
    session.info.config.primaryColor ??
    DEFAULT_PRIMARY_COLOR
  );
}
