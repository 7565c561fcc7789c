// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  filterItem,
  resolveDatePreset,
  resolveQuickRange,
  type FilterItemInput,
} from '@yuqing/core';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useQueryStore } from '../queryStore';
import { DateRangeFilter } from './DateRangeFilter';
import { todayQuery } from '../../testing/testSession';

const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;
// 2024-03-01 00:00 in Shanghai.
const MAR_1 = Date.UTC(2024, 1, 29, 16);

function show(input: Partial<Extract<FilterItemInput, { type: 'date_range' }>> = {}) {
  const item = filterItem.parse({ type: 'date_range', ...input });
  if (item.type !== 'date_range') throw new Error('not a date range');
  return render(
    <ConfigProvider locale={zhCN}>
      <DateRangeFilter item={item} timeZone={ZONE} />
    </ConfigProvider>,
  );
}

const state = () => useQueryStore.getState().query;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const openPicker = async () => {
  const input = screen.getByTestId('date-range').querySelector('input');
  if (!input) throw new Error('no input');
  act(() => void fireEvent.mouseDown(input));
  act(() => void fireEvent.click(input));
  await settle();
};
const cell = (date: string) => {
  const found = document.querySelector(`td[title="${date}"]`);
  if (!found) throw new Error(`no cell ${date}`);
  return found;
};

beforeAll(() => void dayjs.locale('zh-cn'));
beforeEach(() => {
  useQueryStore
    .getState()
    .open({ ...todayQuery(Date.now(), ZONE), start: MAR_1, end: MAR_1 + DAY });
});
afterEach(cleanup);

describe('DateRangeFilter', () => {
  it('shows the query range as YYYY/MM/DD in read-only inputs, without a clear button', () => {
    show();
    const inputs = screen.getByTestId('date-range').querySelectorAll('input');
    expect([...inputs].map((input) => input.value)).toEqual(['2024/03/01', '2024/03/01']);
    expect(inputs[0]!.readOnly).toBe(true);
    expect(document.querySelector('.ant-picker-clear')).toBeNull();
  });

  it('offers the presets, weeks start on Monday, and a picked range is widened to whole days', async () => {
    show({ options: { presets: ['today', 'last_7_days'], picker: 'date' } });
    await openPicker();
    const presets = [...document.querySelectorAll('.ant-picker-presets li')].map(
      (li) => li.textContent,
    );
    expect(presets).toEqual(['今天', '近7天']);
    const weekdays = [...document.querySelectorAll('.ant-picker-content thead th')].map(
      (th) => th.textContent,
    );
    expect(weekdays.slice(0, 7)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    act(() => void fireEvent.click(cell('2024-03-05')));
    act(() => void fireEvent.click(cell('2024-03-07')));
    await settle();
    expect({ start: state().start, end: state().end }).toEqual({
      start: MAR_1 + 4 * DAY,
      end: MAR_1 + 7 * DAY,
    });
  });

  it('goes from the header year to the year panel, then month, then date', async () => {
    show();
    await openPicker();
    const yearButton = document.querySelector('.ant-picker-year-btn');
    if (!yearButton) throw new Error('no year button');
    act(() => void fireEvent.click(yearButton));
    expect(document.querySelector('.ant-picker-year-panel')).toBeTruthy();
    act(() => void fireEvent.click(cell('2023')));
    expect(document.querySelector('.ant-picker-month-panel')).toBeTruthy();
    act(() => void fireEvent.click(cell('2023-06')));
    expect(document.querySelector('.ant-picker-date-panel')).toBeTruthy();
    expect(document.querySelector('td[title="2023-06-15"]')).toBeTruthy();
  });

  it('forgets what was browsed when it closes: the inputs show the query, a preset gives its range', async () => {
    show();
    await openPicker();
    const yearButton = document.querySelector('.ant-picker-year-btn');
    if (!yearButton) throw new Error('no year button');
    act(() => void fireEvent.click(yearButton));
    act(() => void fireEvent.click(cell('2020')));
    const input = screen.getByTestId('date-range').querySelector('input')!;
    act(() => void fireEvent.keyDown(input, { key: 'Escape' }));
    await settle();
    const inputs = () =>
      [...screen.getByTestId('date-range').querySelectorAll('input')].map((i) => i.value);
    expect(inputs()).toEqual(['2024/03/01', '2024/03/01']);
    await openPicker();
    const lastMonth = [...document.querySelectorAll('.ant-picker-presets li')].find(
      (li) => li.textContent === '上月',
    );
    act(() => void fireEvent.click(lastMonth!));
    await settle();
    const expected = resolveDatePreset('last_month', Date.now(), ZONE);
    expect({ start: state().start, end: state().end }).toEqual(expected);
    expect(screen.getByTestId('date-range-preset').textContent).toBe('上月');
  });

  it("names a quick range chip's range by the chip", () => {
    // Only the item's presets may name it first: none of them is ever the last 3 days.
    const range = resolveQuickRange('3d', Date.now(), ZONE);
    useQueryStore.getState().open({ ...todayQuery(Date.now(), ZONE), ...range });
    show({ options: { presets: ['today', 'last_7_days'], picker: 'date' } });
    expect(screen.getByTestId('date-range-preset').textContent).toBe('3天');
  });
});
