import { useEffect, useState } from 'react';

/**
 * A list read from the server while `active` (a dialog open, say), again whenever `refresh`
 * changes: undefined until the first answer; a failed read (its error already shown by the API
 * client) keeps what was there, or gives an empty list.
 */
export function useFetchedList<T>(
  fetchList: () => Promise<T[]>,
  active = true,
  refresh = 0,
): T[] | undefined {
  const [list, setList] = useState<T[] | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let live = true;
    fetchList().then(
      (answer) => live && setList(answer),
      () => live && setList((current) => current ?? []),
    );
    return () => {
      live = false;
    };
    // The fetcher is a module function; reading again follows `active` and `refresh` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, refresh]);
  return list;
}
