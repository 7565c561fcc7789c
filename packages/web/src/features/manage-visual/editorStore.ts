import {
  EMPTY_DASHBOARD,
  type Chart,
  type Dashboard,
  type MenuItem,
  type Page,
  type ProjectDetail,
  type ProjectScope,
  type SiteSettings,
  type WidgetType,
} from '@yuqing/core';
import { create } from 'zustand';
import { ApiError } from '../../api/client';
import { currentT } from '../../i18n/useT';
import { fetchDraft, publishDraft, rollbackTo, saveDraft } from '../../api/manage';
import { markDashboardPublished } from '../../session/published';
import {
  DROPPING_ID,
  addPage,
  copyChart,
  copyPage,
  emptyPage,
  mergeTemplate,
  moveMenuItem,
  moveToLayout,
  newChart,
  nextChartId,
  pickPageKey,
  removePage,
  updateMenuItem,
  type LayoutBox,
} from './editorLogic';
import {
  decideRestore,
  readLocalDrafts,
  removeLocalDraft,
  writeLocalDraft,
  type LocalDraft,
} from './persistence';

export type PanelTab = 'palette' | 'widget' | 'page' | 'menu' | 'site';
export type SaveResult = 'saved' | 'stale' | 'failed' | 'invalid';

/** The visual editor: the draft being edited, where it came from, and what is selected. */
export interface EditorState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  scope?: ProjectScope;
  detail?: ProjectDetail;
  /** The working copy. */
  dashboard: Dashboard;
  /** The draft revision the working copy is based on (sent back when saving). */
  revision: number;
  pageKey?: string;
  widgetId?: string;
  panelTab: PanelTab;
  /** The working copy has edits the server has not saved. */
  dirty: boolean;
  /** A stored working copy made on another revision, waiting for the admin's decision. */
  staleLocal?: LocalDraft;
  /** The last save was refused because another admin saved first. */
  staleSave: boolean;
  saving: boolean;
  /** What this editor last published: the version viewers now see, made of this draft revision. */
  published?: { version: number; revision: number };

  load(scope: ProjectScope): Promise<void>;
  /** Replaces the working copy with the server's draft, dropping local edits. */
  reloadFromServer(): Promise<void>;
  keepStaleLocal(): void;
  discardStaleLocal(): void;
  closeStaleSave(): void;
  save(): Promise<SaveResult>;
  publish(): Promise<'published' | 'failed'>;
  rollback(version: number): Promise<boolean>;

  edit(change: (dashboard: Dashboard) => Dashboard): void;
  selectPage(key: string): void;
  selectWidget(id: string | undefined): void;
  setPanelTab(tab: PanelTab): void;
  updatePage(change: (page: Page) => Page): void;
  updateChart(id: string, change: (chart: Chart) => Chart): void;
  applyLayout(layout: readonly LayoutBox[]): void;
  /**
   * Adds a widget with its defaults: at the bottom of the page, or where it was dropped
   * (`dropped`: the grid's layout, DROPPING_ID marking the new widget's box).
   */
  addWidget(type: WidgetType, dropped?: readonly LayoutBox[]): string | undefined;
  /** The palette's widget type being dragged, which the grid sizes its drop placeholder by. */
  draggingType?: WidgetType;
  setDraggingType(type: WidgetType | undefined): void;
  copyWidget(id: string): string | undefined;
  removeWidget(id: string): void;
  addPage(): void;
  copyPage(key: string): void;
  removePage(key: string): void;
  updateMenuItem(index: number, change: Partial<MenuItem>): void;
  moveMenuItem(index: number, offset: number): void;
  setSite(site: SiteSettings): void;
  setScope(scope: Dashboard['scope']): void;
  mergeTemplate(template: Dashboard): string[];
}

let persistTimer: ReturnType<typeof setTimeout> | undefined;

const sameBox = (a: LayoutBox, b: LayoutBox) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

export const useEditorStore = create<EditorState>()((set, get) => {
  const persist = () => {
    clearTimeout(persistTimer);
    persistTimer = setTimeout(() => {
      const { scope, dashboard, revision, dirty } = get();
      if (scope && dirty)
        writeLocalDraft(localStorage, scope, { revision, dashboard, savedAt: Date.now() });
    }, 200);
  };

  const currentPage = (): Page | undefined => {
    const { dashboard, pageKey } = get();
    return pageKey ? dashboard.pages[pageKey] : undefined;
  };

  const edit: EditorState['edit'] = (change) => {
    set(({ dashboard }) => ({ dashboard: change(dashboard), dirty: true }));
    persist();
  };

  const updatePage: EditorState['updatePage'] = (change) => {
    const { pageKey } = get();
    if (!pageKey) return;
    edit((dashboard) => ({
      ...dashboard,
      pages: { ...dashboard.pages, [pageKey]: change(dashboard.pages[pageKey] ?? emptyPage()) },
    }));
  };

  const fromServer = (detail: ProjectDetail) => {
    const revision = detail.source.kind === 'draft' ? detail.source.revision : 0;
    return { detail, dashboard: detail.dashboard, revision };
  };

  return {
    status: 'idle',
    dashboard: EMPTY_DASHBOARD,
    revision: 0,
    panelTab: 'palette',
    dirty: false,
    staleSave: false,
    saving: false,

    async load(scope) {
      set({ status: 'loading', scope });
      try {
        const server = fromServer(await fetchDraft());
        const { restore, stale } = decideRestore(
          readLocalDrafts(localStorage, scope),
          server.revision,
        );
        const dashboard = restore?.dashboard ?? server.dashboard;
        set({
          status: 'ready',
          ...server,
          dashboard,
          dirty: Boolean(restore),
          staleLocal: stale,
          pageKey: pickPageKey(dashboard, get().pageKey),
          widgetId: undefined,
        });
      } catch {
        set({ status: 'error' });
      }
    },

    async reloadFromServer() {
      const { scope, revision } = get();
      if (!scope) return;
      clearTimeout(persistTimer);
      removeLocalDraft(localStorage, scope, revision);
      const server = fromServer(await fetchDraft());
      set({
        ...server,
        dirty: false,
        staleSave: false,
        pageKey: pickPageKey(server.dashboard, get().pageKey),
        widgetId: undefined,
      });
    },

    keepStaleLocal() {
      const { staleLocal, scope } = get();
      if (!staleLocal || !scope) return;
      // The old edits continue on the current revision; saving them replaces the newer draft.
      removeLocalDraft(localStorage, scope, staleLocal.revision);
      set(({ pageKey }) => ({
        dashboard: staleLocal.dashboard,
        dirty: true,
        staleLocal: undefined,
        pageKey: pickPageKey(staleLocal.dashboard, pageKey),
      }));
      persist();
    },

    discardStaleLocal() {
      const { staleLocal, scope } = get();
      if (staleLocal && scope) removeLocalDraft(localStorage, scope, staleLocal.revision);
      set({ staleLocal: undefined });
    },

    closeStaleSave: () => set({ staleSave: false }),

    async save() {
      const { dashboard, revision, scope } = get();
      set({ saving: true });
      try {
        const answer = await saveDraft(dashboard, revision);
        clearTimeout(persistTimer);
        if (scope) removeLocalDraft(localStorage, scope, revision);
        // Edits made while the save was on its way stay dirty.
        set((state) => ({
          revision: answer.revision,
          dirty: state.dashboard !== dashboard,
          saving: false,
        }));
        if (get().dirty) persist();
        return 'saved';
      } catch (error) {
        const stale = error instanceof ApiError && error.status === 409;
        set({ saving: false, staleSave: stale });
        return stale ? 'stale' : 'failed';
      }
    },

    async publish() {
      try {
        const { version } = await publishDraft();
        set({ published: { version, revision: get().revision } });
        markDashboardPublished();
        return 'published';
      } catch {
        return 'failed';
      }
    },

    async rollback(version) {
      try {
        await rollbackTo(version);
      } catch {
        return false;
      }
      markDashboardPublished();
      // The rollback made that version the draft too: show it unless there are local edits.
      if (!get().dirty) await get().reloadFromServer();
      else {
        // Local edits continue on the rolled-back draft's revision (this admin chose both).
        const { scope, revision } = get();
        const server = fromServer(await fetchDraft());
        if (scope) removeLocalDraft(localStorage, scope, revision);
        set({ revision: server.revision, detail: server.detail });
        persist();
      }
      return true;
    },

    edit,
    selectPage: (key) => set({ pageKey: key, widgetId: undefined }),
    selectWidget: (id) =>
      set(({ panelTab }) => ({
        widgetId: id,
        panelTab: id ? 'widget' : panelTab === 'widget' ? 'palette' : panelTab,
      })),
    setPanelTab: (tab) => set({ panelTab: tab }),
    updatePage,

    updateChart(id, change) {
      updatePage((page) => ({
        ...page,
        charts: page.charts.map((chart) => (chart.i === id ? change(chart) : chart)),
      }));
    },

    applyLayout(layout) {
      const page = currentPage();
      if (!page) return;
      const charts = moveToLayout(page.charts, layout);
      if (charts.every((chart, index) => sameBox(chart, page.charts[index]!))) return;
      updatePage((current) => ({ ...current, charts }));
    },

    addWidget(type, dropped) {
      const page = currentPage();
      if (!page) return undefined;
      const id = nextChartId(get().dashboard);
      updatePage((current) => {
        const charts = [...current.charts, newChart(type, id, current.charts)];
        if (!dropped) return { ...current, charts };
        const layout = dropped.map((box) => (box.i === DROPPING_ID ? { ...box, i: id } : box));
        return { ...current, charts: moveToLayout(charts, layout) };
      });
      set({ widgetId: id, panelTab: 'widget', draggingType: undefined });
      return id;
    },

    setDraggingType(type) {
      set({ draggingType: type });
    },

    copyWidget(id) {
      const page = currentPage();
      const chart = page?.charts.find((candidate) => candidate.i === id);
      if (!chart) return undefined;
      const newId = nextChartId(get().dashboard);
      updatePage((current) => ({
        ...current,
        charts: [...current.charts, copyChart(chart, newId, current.charts)],
      }));
      set({ widgetId: newId, panelTab: 'widget' });
      return newId;
    },

    removeWidget(id) {
      updatePage((page) => ({ ...page, charts: page.charts.filter((chart) => chart.i !== id) }));
      if (get().widgetId === id) get().selectWidget(undefined);
    },

    addPage() {
      const { dashboard, key } = addPage(get().dashboard, currentT());
      edit(() => dashboard);
      set({ pageKey: key, widgetId: undefined, panelTab: 'page' });
    },

    copyPage(key) {
      const { dashboard, key: newKey } = copyPage(get().dashboard, key, currentT());
      edit(() => dashboard);
      set({ pageKey: newKey, widgetId: undefined });
    },

    removePage(key) {
      edit((dashboard) => removePage(dashboard, key));
      if (get().pageKey === key)
        set(({ dashboard }) => ({ pageKey: pickPageKey(dashboard), widgetId: undefined }));
    },

    updateMenuItem(index, change) {
      const before = get().dashboard.menu[index];
      edit((dashboard) => updateMenuItem(dashboard, index, change));
      const after = get().dashboard.menu[index];
      if (before && after && get().pageKey === before.key && before.key !== after.key)
        set({ pageKey: after.key });
    },

    moveMenuItem: (index, offset) => edit((dashboard) => moveMenuItem(dashboard, index, offset)),
    setSite: (site) => edit((dashboard) => ({ ...dashboard, site })),
    setScope: (scope) => edit((dashboard) => ({ ...dashboard, scope })),

    mergeTemplate(template) {
      const { dashboard, added } = mergeTemplate(get().dashboard, template);
      edit(() => dashboard);
      if (added[0]) set({ pageKey: added[0], widgetId: undefined });
      return added;
    },
  };
});

/** The open page of the editor. */
export function useEditorPage(): Page | undefined {
  return useEditorStore((state) =>
    state.pageKey ? state.dashboard.pages[state.pageKey] : undefined,
  );
}

/** The selected widget of the open page. */
export function useSelectedChart(): Chart | undefined {
  return useEditorStore((state) =>
    state.pageKey && state.widgetId
      ? state.dashboard.pages[state.pageKey]?.charts.find((chart) => chart.i === state.widgetId)
      : undefined,
  );
}
