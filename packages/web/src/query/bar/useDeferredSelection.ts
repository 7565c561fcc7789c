import { useRef, useState } from 'react';
import { committedValues, limitValues, sameValues } from './selection';

export interface DeferredSelectionOptions {
  /** The selection in the query. */
  applied: readonly string[] | undefined;
  /** Multi-select: at most this many values (spec 5). */
  max?: number;
  /** Sends a changed selection to the query; an empty one as undefined. */
  onCommit(values: string[] | undefined): void;
  /** Called with `max` when a pick was cut to it. */
  onTruncate?(max: number): void;
}

export interface DeferredSelection {
  /** What the control shows: the draft while its dropdown is open, else the query's. */
  value: string[];
  /** The control's `onOpenChange`: opening starts a draft, closing commits it if it changed. */
  onOpenChange(open: boolean): void;
  /** The control's `onChange`. */
  onChange(values: string[]): void;
  /** Call from `onClear`, before the control's own change: clearing applies at once. */
  onClear(): void;
  /** Call when a tag's close icon is clicked, before the control's own change. */
  onTagClose(): void;
}

/**
 * The dropdown and multi-select rules of spec 4: picks are a draft committed when the dropdown
 * closes, and only if the selection changed; clearing and removing a tag commit at once; a change
 * while the dropdown is closed (a tag removed by keyboard) commits at once too.
 *
 * antd calls `onChange` and `onOpenChange` in one event, so the draft is also kept in a ref that
 * the handlers read.
 */
export function useDeferredSelection({
  applied,
  max,
  onCommit,
  onTruncate,
}: DeferredSelectionOptions): DeferredSelection {
  const [draft, setDraftState] = useState<string[] | null>(null);
  const draftRef = useRef<string[] | null>(null);
  const immediateRef = useRef(false);
  // What was last sent, until the query shows it: a second commit in the same event compares
  // against this, not against a query that has not re-rendered yet.
  const sentRef = useRef<{ applied: readonly string[] | undefined; sent: string[] } | null>(null);

  const setDraft = (next: string[] | null) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const current = () => {
    const sent = sentRef.current;
    return sent && sent.applied === applied ? sent.sent : (applied ?? []);
  };
  const commit = (values: string[]) => {
    if (sameValues(values, current())) return;
    sentRef.current = { applied, sent: values };
    onCommit(committedValues(values));
  };

  return {
    value: draft ?? [...(applied ?? [])],
    onOpenChange(open) {
      if (open) {
        if (draftRef.current === null) setDraft([...current()]);
        return;
      }
      const pending = draftRef.current;
      setDraft(null);
      if (pending) commit(pending);
    },
    onChange(values) {
      const limited = limitValues(values, max);
      if (limited.truncated && max !== undefined) onTruncate?.(max);
      if (immediateRef.current || draftRef.current === null) {
        immediateRef.current = false;
        if (draftRef.current !== null) setDraft(limited.values);
        commit(limited.values);
        return;
      }
      setDraft(limited.values);
    },
    onClear() {
      immediateRef.current = true;
    },
    onTagClose() {
      immediateRef.current = true;
    },
  };
}
