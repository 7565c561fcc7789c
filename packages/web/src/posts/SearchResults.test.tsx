// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { post, type ChartRequest } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../api/search';
import { SessionWrapper, testSession } from '../testing/testSession';
import { VIEW_TYPE_KEY } from './viewType';
import { SearchResults } from './SearchResults';

vi.mock('../api/search', () => ({ search: vi.fn() }));
const searchMock = vi.mocked(search);

/** An answer of `total` posts, the page asked for filled with ids `p{page}-{i}`. */
function answerWith(total: number) {
  searchMock.mockImplementation((body: ChartRequest) => {
    const page = body.page as number;
    const size = body.size as number;
    const count = Math.max(0, Math.min(size, total - page * size));
    const list = Array.from({ length: count }, (_, i) =>
      post.parse({ _id: `p${page}-${i}`, created: 0, text: `第${page}页 续航` }),
    );
    return Promise.resolve({ list, total } as never);
  });
}

function show(request: ChartRequest = { q: '续航', start: 0, end: 1 }) {
  return render(
    <SessionWrapper session={testSession()}>
      <main style={{ overflow: 'auto' }}>
        <SearchResults request={request} verify={false} />
      </main>
    </SessionWrapper>,
  );
}

const ids = () =>
  [...document.querySelectorAll('[data-testid^="post-card-p"]')].map((card) =>
    card.getAttribute('data-testid'),
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  searchMock.mockReset();
});

describe('SearchResults', () => {
  it('loads page 1 (API page 0) of 20, shows the total, and pages on', async () => {
    answerWith(45);
    show();
    await waitFor(() => expect(ids()).toHaveLength(20));
    expect(searchMock).toHaveBeenLastCalledWith(
      expect.objectContaining({
        aggs: 'common_articles_page',
        page: 0,
        size: 20,
        sort: 'created desc',
        q: '续航',
      }),
    );
    expect(screen.getByTestId('search-total').textContent).toContain('45');
    expect(document.querySelector('mark')?.textContent).toBe('续航');

    const main = document.querySelector('main')!;
    main.scrollTop = 300;
    fireEvent.click(screen.getByTestId('search-pagination').querySelector('[title="3"]')!);
    await waitFor(() =>
      expect(ids()).toEqual([
        'post-card-p2-0',
        'post-card-p2-1',
        'post-card-p2-2',
        'post-card-p2-3',
        'post-card-p2-4',
      ]),
    );
    expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(main.scrollTop).toBe(0);
  });

  it('offers no page past the 10,000 posts the server lists', async () => {
    answerWith(50_000);
    show();
    await waitFor(() => expect(ids()).toHaveLength(20));
    const pagination = screen.getByTestId('search-pagination');
    expect(pagination.querySelector('[title="500"]')).not.toBeNull();
    expect(pagination.querySelector('[title="2500"]')).toBeNull();
    expect(screen.getByTestId('search-total').textContent).toContain('50,000');
    expect(screen.getByTestId('search-window-note').textContent).toContain('10,000');
  });

  it('hides the pagination when there is one page, and says 暂无数据 for none', async () => {
    answerWith(3);
    show();
    await waitFor(() => expect(ids()).toHaveLength(3));
    expect(screen.queryByTestId('search-pagination')).toBeNull();
    cleanup();
    answerWith(0);
    show();
    await waitFor(() => expect(screen.getByTestId('post-list-empty')).toBeTruthy());
  });

  it('remembers the view type in local storage', async () => {
    answerWith(5);
    show();
    await waitFor(() => expect(ids()).toHaveLength(5));
    fireEvent.click(screen.getByText('紧凑'));
    expect(localStorage.getItem(VIEW_TYPE_KEY)).toBe('compact');
    expect(document.querySelector('[data-view="compact"]')).not.toBeNull();
    cleanup();
    show();
    await waitFor(() => expect(ids()).toHaveLength(5));
    expect(document.querySelector('article[data-view="compact"]')).not.toBeNull();
  });

  it('starts again at page 1 when the request changes', async () => {
    answerWith(100);
    const view = show();
    await waitFor(() => expect(ids()).toHaveLength(20));
    fireEvent.click(screen.getByTestId('search-pagination').querySelector('[title="2"]')!);
    await waitFor(() =>
      expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 })),
    );
    view.rerender(
      <SessionWrapper session={testSession()}>
        <main>
          <SearchResults request={{ q: '充电', start: 0, end: 1 }} verify={false} />
        </main>
      </SessionWrapper>,
    );
    await waitFor(() =>
      expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ q: '充电', page: 0 })),
    );
    expect(screen.getByTestId('search-pagination').getAttribute('data-page')).toBe('1');
  });
});
