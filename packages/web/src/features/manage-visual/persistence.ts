import { dashboard as dashboardSchema, type Dashboard, type ProjectScope } from '@yuqing/core';

/*
 * The editor's working copy lives in localStorage until it is saved, so a reload of the editor
 * loses nothing. One entry per project, subject and the draft revision the edits started from.
 */

const PREFIX = 'yuqing.manage.draft';

export interface LocalDraft {
  /** The server draft revision the edits were made on. */
  revision: number;
  dashboard: Dashboard;
  savedAt: number;
}

export function scopeKey(scope: ProjectScope): string {
  return `${PREFIX}:${scope.repository}/${scope.customer}/${scope.project}/${scope.subject_id ?? ''}`;
}

export function draftKey(scope: ProjectScope, revision: number): string {
  return `${scopeKey(scope)}:${revision}`;
}

/** Reads one stored entry; anything unreadable or not a valid dashboard counts as absent. */
export function parseLocalDraft(text: string | null): LocalDraft | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<LocalDraft>;
    if (typeof value.revision !== 'number' || typeof value.savedAt !== 'number') return undefined;
    const parsed = dashboardSchema.safeParse(value.dashboard);
    // A working copy may be mid-edit and invalid (e.g. two items with one key): keep it as it is.
    const dashboard = parsed.success ? parsed.data : (value.dashboard as Dashboard | undefined);
    if (!dashboard || typeof dashboard !== 'object' || !Array.isArray(dashboard.menu))
      return undefined;
    return { revision: value.revision, dashboard, savedAt: value.savedAt };
  } catch {
    return undefined;
  }
}

/** Every stored working copy of the project and subject. */
export function readLocalDrafts(storage: Storage, scope: ProjectScope): LocalDraft[] {
  const prefix = `${scopeKey(scope)}:`;
  const drafts: LocalDraft[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const draft = parseLocalDraft(storage.getItem(key));
    if (draft) drafts.push(draft);
  }
  return drafts;
}

export function writeLocalDraft(storage: Storage, scope: ProjectScope, draft: LocalDraft): void {
  try {
    storage.setItem(draftKey(scope, draft.revision), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the edits still live in memory until saved.
  }
}

export function removeLocalDraft(storage: Storage, scope: ProjectScope, revision: number): void {
  storage.removeItem(draftKey(scope, revision));
}

export interface RestoreDecision {
  /** Edits made on the server's current revision: restored without asking. */
  restore?: LocalDraft;
  /** Edits made on an older (or other) revision: the editor offers to discard them. */
  stale?: LocalDraft;
}

/**
 * What to do with stored working copies when the editor opens on the server's revision: one
 * based on that revision is restored; of the others, the newest is offered (keep or discard).
 */
export function decideRestore(
  drafts: readonly LocalDraft[],
  serverRevision: number,
): RestoreDecision {
  const restore = drafts.find((draft) => draft.revision === serverRevision);
  const stale = drafts
    .filter((draft) => draft.revision !== serverRevision)
    .sort((a, b) => b.savedAt - a.savedAt)[0];
  return { ...(restore && { restore }), ...(!restore && stale && { stale }) };
}
