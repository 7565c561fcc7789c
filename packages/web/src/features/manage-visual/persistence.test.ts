// @vitest-environment happy-dom
import { EMPTY_DASHBOARD, type Dashboard } from '@yuqing/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  decideRestore,
  draftKey,
  parseLocalDraft,
  readLocalDrafts,
  removeLocalDraft,
  writeLocalDraft,
  type LocalDraft,
} from './persistence';

const scope = { repository: 'yuqing', customer: 'demo', project: 'demo' };
const withMenu = (label: string): Dashboard => ({
  ...EMPTY_DASHBOARD,
  menu: [
    {
      label,
      key: 'a',
      path: '/a',
      default: true,
      isAiReport: false,
      show: true,
      adminVisible: false,
    },
  ],
});
const local = (revision: number, savedAt: number, label = 'x'): LocalDraft => ({
  revision,
  savedAt,
  dashboard: withMenu(label),
});

describe('restoring local edits', () => {
  it('restores edits made on the server revision without asking', () => {
    expect(decideRestore([local(3, 1), local(4, 2)], 4)).toEqual({ restore: local(4, 2) });
  });

  it('offers the newest edits made on another revision', () => {
    expect(decideRestore([local(2, 5), local(3, 9)], 4)).toEqual({ stale: local(3, 9) });
  });

  it('has nothing to do without stored edits', () => {
    expect(decideRestore([], 4)).toEqual({});
  });
});

describe('local storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one entry per project, subject and revision', () => {
    writeLocalDraft(localStorage, scope, local(1, 10, 'one'));
    writeLocalDraft(localStorage, scope, local(2, 20, 'two'));
    writeLocalDraft(localStorage, { ...scope, subject_id: 's1' }, local(1, 30, 'subject'));
    writeLocalDraft(localStorage, { ...scope, project: 'other' }, local(1, 40, 'other'));
    expect(localStorage.getItem(draftKey(scope, 2))).toContain('two');
    const drafts = readLocalDrafts(localStorage, scope);
    expect(drafts.map((draft) => draft.dashboard.menu[0]!.label).sort()).toEqual(['one', 'two']);
    removeLocalDraft(localStorage, scope, 1);
    expect(readLocalDrafts(localStorage, scope).map((draft) => draft.revision)).toEqual([2]);
  });

  it('ignores entries it cannot read', () => {
    expect(parseLocalDraft('not json')).toBeUndefined();
    expect(parseLocalDraft(JSON.stringify({ revision: 1 }))).toBeUndefined();
    expect(
      parseLocalDraft(JSON.stringify({ revision: 1, savedAt: 2, dashboard: 5 })),
    ).toBeUndefined();
    expect(parseLocalDraft(JSON.stringify(local(1, 2)))).toEqual(local(1, 2));
  });
});
