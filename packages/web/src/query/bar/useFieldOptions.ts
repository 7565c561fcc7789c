import type { FilterField, OptionItem, ProjectDataItem } from '@yuqing/core';
import { useEffect, useMemo, useState } from 'react';
import { fetchProjectDataItem } from '../../api/projectData';
import { useSession } from '../../session/session';
import { builtInOptions } from './options';

/** One request per project data item while the page is open, shared by every control. */
const dataItems = new Map<string, Promise<ProjectDataItem>>();

export function loadProjectDataItem(name: string): Promise<ProjectDataItem> {
  let pending = dataItems.get(name);
  if (!pending) {
    pending = fetchProjectDataItem(name);
    // A failed load is not remembered: the next control that needs it asks again.
    pending.catch(() => dataItems.delete(name));
    dataItems.set(name, pending);
  }
  return pending;
}

interface OptionSourceSettings {
  data?: OptionItem[];
  api?: string;
}

/**
 * A control's options (spec 3): inline `data`, else the project data item named by `api`, else
 * the field's built-in list.
 */
export function useFieldOptions(
  field: FilterField,
  settings: OptionSourceSettings,
): { options: OptionItem[]; loading: boolean } {
  const project = useSession().detail?.project;
  const { data, api } = settings;
  const [loaded, setLoaded] = useState<{ api: string; items: OptionItem[] } | undefined>();
  const builtIn = useMemo(() => builtInOptions(field, project), [field, project]);

  useEffect(() => {
    if (data || !api) return;
    let current = true;
    loadProjectDataItem(api).then(
      (item) => current && setLoaded({ api, items: item.items }),
      () => current && setLoaded({ api, items: [] }),
    );
    return () => {
      current = false;
    };
  }, [api, data]);

  if (data) return { options: data, loading: false };
  if (api) {
    const ready = loaded?.api === api;
    return { options: ready ? loaded.items : [], loading: !ready };
  }
  return { options: builtIn, loading: false };
}
