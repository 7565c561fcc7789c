import { useCallback, useEffect, useState } from 'react';

export type Remote<T> =
  | { status: 'loading'; data?: T }
  | { status: 'failed'; message: string; data?: T }
  | { status: 'ready'; data: T };

interface Answer<T> {
  /** The read it answers (`key#attempt`). */
  to: string;
  data?: T;
  failure?: string;
}

/**
 * What `load` answers, read again whenever `key` changes or `reload` is called. While a new read
 * runs the last answer stays, so tables keep their rows under the spinner.
 */
export function useRemote<T>(load: () => Promise<T>, key: string) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({ to: '' });
  const read = `${key}#${attempt}`;

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setAnswer({ to: read, data }),
      (error: unknown) =>
        live &&
        setAnswer((current) => ({
          to: read,
          data: current.data,
          failure: error instanceof Error ? error.message : '',
        })),
    );
    return () => {
      live = false;
    };
    // `load` reads what `key` names; reading again follows `key` and `reload` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  /** Replaces the data with what a change answered, without reading again. */
  const replace = useCallback(
    (update: (data: T) => T) =>
      setAnswer((current) =>
        current.data === undefined ? current : { ...current, data: update(current.data) },
      ),
    [],
  );

  let remote: Remote<T>;
  if (answer.to !== read) remote = { status: 'loading', data: answer.data };
  else if (answer.failure !== undefined)
    remote = { status: 'failed', message: answer.failure, data: answer.data };
  else remote = { status: 'ready', data: answer.data as T };
  return { remote, reload, replace };
}
