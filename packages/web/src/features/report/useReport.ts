import type { Report } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchReport } from '../../api/reports';

type Loaded = { report: Report; error?: undefined } | { report?: undefined; error: string };

/** The report `id` as the server has it; `setReport` takes the answer of a change. */
export function useReport(id: string) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchReport(id).then(
      (report) => live && setLoaded({ report }),
      (error: unknown) =>
        live && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const setReport = (report: Report) => setLoaded({ report });
  return { report: loaded?.report, error: loaded?.error, setReport };
}
