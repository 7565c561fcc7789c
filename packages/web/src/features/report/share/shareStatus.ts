import type { ReportShare } from '@yuqing/core';
import { zh } from '../../../i18n/translateText';

export type ShareStatus = 'active' | 'expired' | 'revoked';

/** Translated where shown. */
export const SHARE_STATUS_LABELS = {
  active: zh('有效'),
  expired: zh('已过期'),
  revoked: zh('已撤销'),
} as const satisfies Record<ShareStatus, string>;

/** Whether a link still opens its report at `now`: a revoked link never does again. */
export function shareStatus(share: ReportShare, now: number): ShareStatus {
  if (share.revoked) return 'revoked';
  return share.expires <= now ? 'expired' : 'active';
}
