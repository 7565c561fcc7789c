import type { ReportShare } from '@yuqing/core';

export type ShareStatus = 'active' | 'expired' | 'revoked';

export const SHARE_STATUS_LABELS: Record<ShareStatus, string> = {
  active: '有效',
  expired: '已过期',
  revoked: '已撤销',
};

/** Whether a link still opens its report at `now`: a revoked link never does again. */
export function shareStatus(share: ReportShare, now: number): ShareStatus {
  if (share.revoked) return 'revoked';
  return share.expires <= now ? 'expired' : 'active';
}
