// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { baseQuery, chart } from '@yuqing/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fakeApi';
import { prefetchPageData } from './pageDataPrefetch';
import { usePageData, type WidgetData } from './usePageData';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = Date.UTC(2026, 10, 27, 2);
const TZ = 'Asia/Shanghai';
const query = baseQuery(NOW, TZ);
const pie = chart.parse({ i: 'w1', type: 'pie', title: '情感分布', x: 0, y: 0, w: 8, h: 8 });

/** Every state the widget was drawn in, render by render. */
function drawn(page: string) {
  const states: WidgetData[] = [];
  function Page() {
    states.push(usePageData({ page }, [pie], query, NOW, TZ)(pie));
    return null;
  }
  return { states, Page };
}

describe('a page drawn after its prefetched data came', () => {
  it('draws the data in its first render, with no load shown and no second call', async () => {
    const api = fakeApi({ 'POST /page_data': () => ({ widgets: { w1: { data: 7 } }, took: 3 }) });
    prefetchPageData({ page: 'overview', query, now: NOW });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const { states, Page } = drawn('overview');
    await act(async () => {
      render(<Page />);
    });
    expect(states[0]).toEqual({ loading: false, data: 7, error: undefined });
    expect(states.every((state) => !state.loading && state.data === 7)).toBe(true);
    expect(api.calls.map((call) => call.route)).toEqual(['POST /page_data']);
  });

  it('shows a load while a prefetch is still on its way, then the data', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = fakeApi({
      'POST /page_data': () => new Promise((resolve) => (answer = resolve)),
    });
    prefetchPageData({ page: 'trend', query, now: NOW });
    const { states, Page } = drawn('trend');
    await act(async () => {
      render(<Page />);
    });
    expect(states[0]).toEqual({ loading: true, data: undefined, error: undefined });
    await act(async () => answer({ widgets: { w1: { data: 9 } }, took: 3 }));
    expect(states.at(-1)).toEqual({ loading: false, data: 9, error: undefined });
    expect(api.calls).toHaveLength(1);
  });
});
