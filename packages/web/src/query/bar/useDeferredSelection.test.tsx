// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { limitValues, maxSelectionMessage, sameValues } from './selection';
import { useDeferredSelection, type DeferredSelectionOptions } from './useDeferredSelection';

/** The hook over a fake query: a commit becomes the applied selection, as the store does. */
function setup(initial: string[] | undefined, options: { max?: number } = {}) {
  const onCommit = vi.fn<(values: string[] | undefined) => void>();
  const onTruncate = vi.fn<(max: number) => void>();
  const hook = renderHook((props: DeferredSelectionOptions) => useDeferredSelection(props), {
    initialProps: { applied: initial, onCommit, onTruncate, max: options.max },
  });
  onCommit.mockImplementation((values) =>
    hook.rerender({ applied: values, onCommit, onTruncate, max: options.max }),
  );
  return { hook, onCommit, onTruncate, current: () => hook.result.current };
}

describe('selection rules', () => {
  it('compares selections ignoring order, with no list as empty', () => {
    expect(sameValues(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameValues(undefined, [])).toBe(true);
    expect(sameValues(['a'], ['a', 'b'])).toBe(false);
  });

  it('truncates to max and says so', () => {
    expect(limitValues(['a', 'b', 'c', 'd'], 3)).toEqual({
      values: ['a', 'b', 'c'],
      truncated: true,
    });
    expect(limitValues(['a'], undefined)).toEqual({ values: ['a'], truncated: false });
    expect(maxSelectionMessage(3)).toBe('最多支持选择3项');
  });
});

describe('useDeferredSelection (multi-select)', () => {
  it('commits when the dropdown closes, not on each pick', () => {
    const { onCommit, current } = setup(undefined);
    act(() => current().onOpenChange(true));
    act(() => current().onChange(['Weibo']));
    act(() => current().onChange(['Weibo', 'WeChat']));
    expect(onCommit).not.toHaveBeenCalled();
    expect(current().value).toEqual(['Weibo', 'WeChat']);
    act(() => current().onOpenChange(false));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(['Weibo', 'WeChat']);
    expect(current().value).toEqual(['Weibo', 'WeChat']);
  });

  it('does not commit on close when the selection did not change', () => {
    const { onCommit, current } = setup(['Weibo']);
    act(() => current().onOpenChange(true));
    act(() => current().onChange(['Weibo', 'Red']));
    act(() => current().onChange(['Weibo']));
    act(() => current().onOpenChange(false));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('commits a removed tag at once', () => {
    const { onCommit, current } = setup(['Weibo', 'Red']);
    act(() => {
      current().onTagClose();
      current().onChange(['Red']);
    });
    expect(onCommit).toHaveBeenCalledWith(['Red']);
  });

  it('commits a tag removed while the dropdown is open at once, and not again on close', () => {
    const { onCommit, current } = setup(['Weibo']);
    act(() => current().onOpenChange(true));
    act(() => current().onChange(['Weibo', 'Red']));
    act(() => {
      current().onTagClose();
      current().onChange(['Red']);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenLastCalledWith(['Red']);
    act(() => current().onOpenChange(false));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('truncates picks to max and reports it', () => {
    const { onCommit, onTruncate, current } = setup(['a', 'b'], { max: 3 });
    act(() => current().onOpenChange(true));
    act(() => current().onChange(['a', 'b', 'c']));
    expect(onTruncate).not.toHaveBeenCalled();
    act(() => current().onChange(['a', 'b', 'c', 'd']));
    expect(onTruncate).toHaveBeenCalledWith(3);
    expect(current().value).toEqual(['a', 'b', 'c']);
    act(() => current().onOpenChange(false));
    expect(onCommit).toHaveBeenCalledWith(['a', 'b', 'c']);
  });

  it('sends an emptied selection as undefined', () => {
    const { onCommit, current } = setup(['a']);
    act(() => current().onOpenChange(true));
    act(() => current().onChange([]));
    act(() => current().onOpenChange(false));
    expect(onCommit).toHaveBeenCalledWith(undefined);
  });
});

describe('useDeferredSelection (dropdown)', () => {
  it('applies on close only when the pick changed', () => {
    const { onCommit, current } = setup(['Weibo']);
    // antd calls onChange and onOpenChange(false) in one event.
    act(() => {
      current().onOpenChange(true);
    });
    act(() => {
      current().onChange(['Weibo']);
      current().onOpenChange(false);
    });
    expect(onCommit).not.toHaveBeenCalled();
    act(() => current().onOpenChange(true));
    act(() => {
      current().onChange(['Red']);
      current().onOpenChange(false);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith(['Red']);
  });

  it('clearing empties it at once, sent as undefined', () => {
    const { onCommit, current } = setup(['Weibo']);
    act(() => {
      current().onClear();
      current().onChange([]);
    });
    expect(onCommit).toHaveBeenCalledWith(undefined);
    expect(current().value).toEqual([]);
  });

  it('clearing while open applies at once, and closing does not apply again', () => {
    const { onCommit, current } = setup(['Weibo']);
    act(() => current().onOpenChange(true));
    act(() => {
      current().onClear();
      current().onChange([]);
    });
    expect(onCommit).toHaveBeenCalledTimes(1);
    act(() => current().onOpenChange(false));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
