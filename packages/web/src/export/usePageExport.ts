import type { Chart, DownloadKind, QueryState } from '@yuqing/core';
import { useRef, useState } from 'react';
import { notify } from '../api/notify';
import type { WidgetData } from '../widgets/usePageData';
import { exportRefusal } from './exportRules';
import { runPageExport } from './runPageExport';

export interface PageExportInput {
  /** The published page the server reads the widgets of. */
  source: { page: string; version?: number };
  charts: readonly Chart[];
  query: QueryState;
  /** When the page was opened: the widgets' relative ranges resolve as they did on screen. */
  openedAt: number | undefined;
  dataOf(chart: Chart): WidgetData;
}

/**
 * The footer downloads of a dashboard page: `onDownload` checks the spec's rules, then exports;
 * `downloading` holds while an export runs, and further clicks wait for it.
 */
export function usePageExport({ source, charts, query, openedAt, dataOf }: PageExportInput) {
  const [downloading, setDownloading] = useState(false);
  const running = useRef(false);

  /** `template`: a slide or Word template by id; the project's default when absent. */
  const onDownload = async (kind: DownloadKind, template?: string) => {
    if (running.current) return;
    const refusal = exportRefusal(kind, charts, dataOf);
    if (refusal) {
      notify(refusal.text, refusal.type);
      return;
    }
    running.current = true;
    setDownloading(true);
    try {
      await runPageExport(
        kind,
        { ...source, query, now: openedAt, ...(template !== undefined && { template }) },
        charts,
      );
    } catch {
      // The API client has shown why.
    } finally {
      running.current = false;
      setDownloading(false);
    }
  };

  return { downloading, onDownload };
}
