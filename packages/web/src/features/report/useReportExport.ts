import { useRef, useState } from 'react';
import { exportReport, type ReportFormat } from '../../api/reports';
import { followDownload, saveFile } from '../../export/saveFile';

/**
 * Exports a report as a deck, a Word brief or a PDF and downloads it; `exporting` names the format being
 * made, and further clicks wait for it. Failures have been shown by the API client.
 */
export function useReportExport(id: string) {
  const [exporting, setExporting] = useState<ReportFormat | undefined>(undefined);
  const running = useRef(false);

  const exportAs = async (format: ReportFormat) => {
    if (running.current) return;
    running.current = true;
    setExporting(format);
    try {
      const answer = await exportReport(id, format);
      if ('file' in answer) saveFile(answer);
      else followDownload(answer.data.url);
    } catch {
      // The API client has shown why: the server's reason, else 下载失败.
    } finally {
      running.current = false;
      setExporting(undefined);
    }
  };

  return { exporting, exportAs };
}
