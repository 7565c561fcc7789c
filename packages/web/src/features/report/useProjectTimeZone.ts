import { DEFAULT_TIMEZONE } from '@yuqing/core';
import { useSession } from '../../session/session';

/** The zone the project's times are shown in. */
export function useProjectTimeZone(): string {
  return useSession().detail?.project.timezone ?? DEFAULT_TIMEZONE;
}
