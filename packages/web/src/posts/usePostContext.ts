import { DEFAULT_TIMEZONE, SENTIMENTS, highlightTerms } from '@yuqing/core';
import { useMemo } from 'react';
import { canManage, isSignedIn } from '../session/access';
import { useOptionalSession } from '../session/session';

/** Colours of the tendency tags when the site's colour map names none. */
const TENDENCY_COLORS: Record<(typeof SENTIMENTS)[number], string> = {
  正面: '#41B748',
  中性: '#2E57E4',
  负面: '#E8545A',
};

/** What every post card of the project needs from the session. */
export interface PostContext {
  timeZone: string;
  medias: readonly { name: string; code: string }[];
  isAdmin: boolean;
  /** A signed-in member of the project: cards offer 修改倾向 and 清除重复标记 (issue 25). */
  canCorrect: boolean;
  tendencyColor(tendency: string): string | undefined;
  /** The highlight terms for a keyword expression, with the project's highlight lines. */
  termsFor(q: string): string[];
}

/** Post cards also draw in a shared report, opened without a session: the defaults then apply. */
export function usePostContext(): PostContext {
  const session = useOptionalSession();
  const project = session?.detail?.project;
  const colorMap = session?.detail?.dashboard?.site.colorMap;
  const user = session?.user;
  return useMemo(() => {
    const colors = new Map<string, string>(Object.entries(TENDENCY_COLORS));
    for (const { name, value } of colorMap ?? []) colors.set(name, value);
    return {
      timeZone: project?.timezone ?? DEFAULT_TIMEZONE,
      medias: project?.medias ?? [],
      isAdmin: user !== undefined && canManage(user),
      canCorrect: user !== undefined && project !== undefined && isSignedIn(user),
      tendencyColor: (tendency: string) => colors.get(tendency),
      termsFor: (q: string) => highlightTerms(q, project?.highlight_keyword ?? ''),
    };
  }, [project, colorMap, user]);
}

/**
 * Whether cards offer 标注 (the #/kg hand-over): the widget's `verify` option when set, else
 * only for admins.
 */
export function verifyEnabled(option: boolean | undefined, context: PostContext): boolean {
  return option ?? context.isAdmin;
}
