import type { NamedTheme } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchReportThemes } from '../../../api/reportAssets';

/** The themes a report may take (built-in and the project's), and `add` for one just saved. */
export function useReportThemes() {
  const [themes, setThemes] = useState<NamedTheme[]>([]);

  useEffect(() => {
    let live = true;
    fetchReportThemes().then(
      (list) => live && setThemes(list),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  const add = (theme: NamedTheme) => setThemes((list) => [...list, theme]);
  return { themes, add };
}
