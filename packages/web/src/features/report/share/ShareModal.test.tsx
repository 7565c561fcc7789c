// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SHARE_DEFAULT_DAYS, type ReportShare } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fakeApi';
import { silenceMessages } from '../../../testing/silenceMessages';
import { SessionWrapper, testSession } from '../../../testing/testSession';
import { ShareModal } from './ShareModal';

const REPORT_ID = '6f1f7c52-1a1b-4c5d-8e9f-0a1b2c3d4e5f';
const DAY = 86_400_000;
const now = Date.now();

const share = (id: string, patch: Partial<ReportShare> = {}): ReportShare => ({
  id,
  author: '小李',
  created: now - DAY,
  expires: now + 6 * DAY,
  revoked: false,
  views: 3,
  ...patch,
});

// Made at 09:05:07 in Shanghai, the project's zone.
const active = share('11111111-0000-4000-8000-000000000001', {
  views: 12,
  created: Date.UTC(2024, 2, 15, 1, 5, 7),
});
const expired = share('11111111-0000-4000-8000-000000000002', { expires: now - 1000 });
const revoked = share('11111111-0000-4000-8000-000000000003', { revoked: true });
const made = share('11111111-0000-4000-8000-000000000004', { author: '我', views: 0 });
const URL_ONCE = 'https://yuqing.example.com/share/tok_abc';

/** The report's links as stored: a new link joins them, a revoked one turns revoked. */
function serveShares() {
  let stored = [active, expired, revoked];
  return fakeApi({
    'GET /report/shares': () => ({ list: stored }),
    'POST /report/share': () => {
      stored = [made, ...stored];
      return { ...made, url: URL_ONCE };
    },
    'POST /report/share/revoke': ({ body }) => {
      const { id } = body as { id: string };
      stored = stored.map((link) => (link.id === id ? { ...link, revoked: true } : link));
      return null;
    },
  });
}

function show() {
  render(
    <SessionWrapper session={testSession({ timezone: 'Asia/Shanghai' })}>
      <ShareModal reportId={REPORT_ID} onClose={() => {}} />
    </SessionWrapper>,
  );
}

const click = (element: Element) => act(() => void fireEvent.click(element));
const row = (id: string) => within(screen.getByTestId(`share-row-${id}`));
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShareModal', () => {
  it("lists the report's links with their views and status", async () => {
    const { calls } = serveShares();
    show();
    await screen.findByTestId(`share-row-${active.id}`);
    expect(calls[0]!.params.get('id')).toBe(REPORT_ID);

    expect(row(active.id).getByText('有效')).toBeTruthy();
    expect(row(active.id).getByText('12')).toBeTruthy();
    expect(row(active.id).getByText('小李')).toBeTruthy();
    expect(row(active.id).getByText('2024-03-15 09:05:07')).toBeTruthy();
    expect(row(expired.id).getByText('已过期')).toBeTruthy();
    expect(row(revoked.id).getByText('已撤销')).toBeTruthy();
    expect(row(expired.id).queryByTestId('share-revoke')).toBeNull();
    expect(row(revoked.id).queryByTestId('share-revoke')).toBeNull();
    expect(screen.queryByTestId('share-url')).toBeNull();
  });

  it('creates a link for the days asked, shows its address once with 复制, and lists it', async () => {
    const { calls } = serveShares();
    show();
    const days = screen.getByTestId('share-days');
    expect((days as HTMLInputElement).value).toBe(String(SHARE_DEFAULT_DAYS));
    act(() => void fireEvent.change(days, { target: { value: '30' } }));
    click(screen.getByTestId('share-create'));

    const url = await screen.findByTestId('share-url');
    expect((url as HTMLInputElement).value).toBe(URL_ONCE);
    expect(calls.find((call) => call.route === 'POST /report/share')!.body).toEqual({
      id: REPORT_ID,
      days: 30,
    });
    await screen.findByTestId(`share-row-${made.id}`);
    expect(row(made.id).getByText('我')).toBeTruthy();

    click(screen.getByTestId('share-copy'));
    await waitFor(() => expect(message.success).toHaveBeenCalledWith('已复制'));
    expect(writeText).toHaveBeenCalledWith(URL_ONCE);
  });

  it('revokes a link once confirmed', async () => {
    const { calls } = serveShares();
    show();
    await screen.findByTestId(`share-row-${active.id}`);
    click(row(active.id).getByTestId('share-revoke'));
    await screen.findByText('撤销后该链接将无法打开，确定撤销？');
    click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);

    await waitFor(() => expect(row(active.id).getByText('已撤销')).toBeTruthy());
    expect(calls.filter((call) => call.route === 'POST /report/share/revoke')).toHaveLength(1);
    expect(calls.find((call) => call.route === 'POST /report/share/revoke')!.body).toEqual({
      id: active.id,
    });
  });
});
