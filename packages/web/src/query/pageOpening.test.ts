import { page, pageQuery } from '@yuqing/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decideOpening, takeOpening } from './pageOpening';
import { useQueryStore } from './queryStore';
import { QUERY_PARAM, encodeQuery } from './urlQuery';

afterEach(() => {
  vi.useRealTimers();
  takeOpening('');
  useQueryStore.getState().open(useQueryStore.getState().defaults, undefined, { key: '', at: 0 });
});

const TZ = 'Asia/Shanghai';
const PAGE = page.parse({ filter: [{ type: 'date_range', default: 'last_7_days' }], charts: [] });
const url = (search = '') => new URL(`http://localhost/overview${search}`);

describe('how a page a navigation goes to opens', () => {
  it('opens with the page’s defaults, resolved when the navigation began, once', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 2) });
    const opening = decideOpening('overview', PAGE, TZ, url())!;
    expect(opening.query).toEqual(pageQuery(PAGE, Date.now(), TZ));
    expect(opening.defaults).toBe(opening.query);
    expect(takeOpening('trend')).toBeUndefined();
    decideOpening('overview', PAGE, TZ, url());
    expect(takeOpening('overview')).toEqual(opening);
    expect(takeOpening('overview')).toBeUndefined();
  });

  it('opens with the state a link carries when the viewer had changed it', () => {
    const changed = { ...pageQuery(PAGE, Date.now(), TZ), q: '续航', useModified: true };
    const params = new URLSearchParams({ [QUERY_PARAM]: encodeQuery(changed) });
    expect(decideOpening('overview', PAGE, TZ, url(`?${params}`))!.query.q).toBe('续航');
  });

  it('decides nothing for a page still open, and forgets an opening left unused', () => {
    useQueryStore.getState().open(pageQuery(PAGE, Date.now(), TZ), undefined, {
      key: 'overview',
      at: Date.now(),
    });
    expect(decideOpening('overview', PAGE, TZ, url())).toBeUndefined();
    // Left for another screen (the search page), it opens anew on the way back.
    useQueryStore.getState().leave('trend');
    expect(decideOpening('overview', PAGE, TZ, url())).toBeUndefined();
    useQueryStore.getState().leave('overview');
    expect(decideOpening('overview', PAGE, TZ, url())).toBeDefined();
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 2) });
    decideOpening('trend', PAGE, TZ, url());
    vi.advanceTimersByTime(10_001);
    expect(takeOpening('trend')).toBeUndefined();
  });
});
