// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { filterItem, type OptionDefinition } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../../api/search';
import { useQueryStore } from '../queryStore';
import { FilterPopover } from './FilterPopover';
import { activeCount, clearedDraft, draftChanged, draftFields } from './popoverDraft';
import { SessionWrapper, testSession, todayQuery } from '../../testing/testSession';
import { topValuesRequest } from './topValues';

vi.mock('../../api/search', () => ({ search: vi.fn() }));

const ZONE = 'Asia/Shanghai';
const item = filterItem.parse({
  type: 'popover',
  options: [
    { field: 'media_platform', type: 'multi_select' },
    { field: 'media_type', type: 'multi_select' },
    { field: 'media_level', type: 'multi_select' },
    { field: 'tendency', type: 'radio' },
  ],
});
if (item.type !== 'popover') throw new Error('not a popover');
const definitions: OptionDefinition[] = item.options;

function show() {
  return render(
    <SessionWrapper
      session={testSession({
        medias: [{ code: 'Weibo', name: '微博' }],
        mediaTypes: [{ code: 'news', name: '新闻' }],
      })}
    >
      <FilterPopover item={item as Extract<typeof item, { type: 'popover' }>} timeZone={ZONE} />
    </SessionWrapper>,
  );
}

const state = () => useQueryStore.getState().query;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const toggle = async () => {
  act(() => void fireEvent.click(screen.getByTestId('filter-popover-trigger')));
  await settle();
};
const field = (name: string) => within(screen.getByTestId(`popover-field-${name}`));
const check = (name: string, label: string) =>
  act(() => void fireEvent.click(field(name).getByLabelText(label)));

beforeEach(() => {
  useQueryStore.getState().open(todayQuery(Date.now(), ZONE));
  vi.mocked(search).mockResolvedValue({ list: [] });
});
afterEach(cleanup);

describe('popover draft rules', () => {
  it('sees a change only when a list differs, and sends empty lists as undefined', () => {
    const query = { ...todayQuery(0, ZONE), media_level: ['A'] };
    expect(draftChanged(definitions, { media_level: ['A'] }, query)).toBe(false);
    expect(draftChanged(definitions, { media_level: ['A'], tendency: ['正面'] }, query)).toBe(true);
    expect(draftFields(definitions, clearedDraft(definitions))).toEqual({
      media_platform: undefined,
      media_type: undefined,
      media_level: undefined,
      tendency: undefined,
    });
    expect(activeCount(definitions, { ...query, tendency: ['负面'] })).toBe(2);
  });
});

describe('top values', () => {
  it('asks common_top5 with the query fields, the field and its level', () => {
    const query = { ...todayQuery(0, ZONE), q: '华为', topic_paths: ['/手机/华为'], tendency: [] };
    expect(topValuesRequest(query, 'topic_paths')).toEqual({
      start: query.start,
      end: query.end,
      q: '华为',
      topic_paths: ['/手机/华为'],
      field: 'topic_paths',
      level: 1,
      aggs: 'common_top5',
    });
    expect(topValuesRequest(query, 'media_level')).toMatchObject({ level: 0 });
  });

  it('shows the top values of each list as bars', async () => {
    vi.mocked(search).mockImplementation((body) =>
      Promise.resolve(
        body.field === 'media_platform'
          ? {
              list: [
                { name: 'Weibo', value: 1200 },
                { name: 'WeChat', value: 300 },
              ],
            }
          : { list: [] },
      ),
    );
    show();
    await toggle();
    const bars = screen.getByTestId('top-values-media_platform');
    expect(bars.textContent).toContain('微博');
    expect(bars.textContent).toContain('1.2k');
    expect(bars.querySelectorAll('li')).toHaveLength(2);
    expect(screen.queryByTestId('top-values-media_level')).toBeNull();
  });
});

describe('FilterPopover', () => {
  it('explains what the media levels mean beside their list, and nothing beside the others', async () => {
    vi.mocked(search).mockResolvedValue({ list: [] });
    show();
    await toggle();
    expect(field('media_level').getByLabelText('媒体级别说明')).toBeTruthy();
    expect(field('media_platform').queryByLabelText(/说明$/)).toBeNull();
  });

  it('applies its choices when it closes, not on each pick', async () => {
    show();
    await toggle();
    check('media_level', 'A');
    check('media_platform', '微博');
    check('tendency', '负面');
    expect(state().media_level).toBeUndefined();
    expect(state().useModified).toBe(false);
    await toggle();
    expect(state().media_level).toEqual(['A']);
    expect(state().media_platform).toEqual(['Weibo']);
    expect(state().tendency).toEqual(['负面']);
    expect(
      screen.getByTestId('filter-popover-trigger').closest('.ant-badge')?.textContent,
    ).toContain('3');
  });

  it('does not apply on close when nothing changed', async () => {
    useQueryStore.getState().setField('media_level', ['B']);
    const before = state();
    show();
    await toggle();
    check('media_level', 'A');
    check('media_level', 'A');
    await toggle();
    expect(state()).toBe(before);
  });

  it('applies through 查询', async () => {
    show();
    await toggle();
    check('media_type', '新闻');
    act(() => void fireEvent.click(screen.getByTestId('filter-popover-apply')));
    expect(state().media_type).toEqual(['news']);
  });

  it('重置 clears every list', async () => {
    useQueryStore.getState().setFields({
      media_platform: ['Weibo'],
      media_type: ['news'],
      media_level: ['A', 'B'],
      tendency: ['正面'],
    });
    show();
    await toggle();
    act(() => void fireEvent.click(screen.getByTestId('filter-popover-reset')));
    const query = state();
    expect([query.media_platform, query.media_type, query.media_level, query.tendency]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect((field('media_level').getByLabelText('A') as HTMLInputElement).checked).toBe(false);
  });
});
