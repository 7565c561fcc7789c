import type { FilterChip } from '@yuqing/core';
import type { Store, SubjectRecord } from '../store/index.js';

/**
 * The chips every search of a subject carries: the scope of the subject's newest published
 * dashboard. The project's own searches carry none, so they read no dashboard.
 */
export async function subjectScope(
  store: Store,
  projectId: string,
  subject: SubjectRecord | undefined,
): Promise<FilterChip[]> {
  if (!subject) return [];
  const published = await store.dashboards.published({ projectId, subjectId: subject.id });
  return published?.dashboard.scope ?? [];
}
