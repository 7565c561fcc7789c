// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FilterChip } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useQueryStore } from '../queryStore';
import { AppliedFilters } from './AppliedFilters';
import { translateText } from '../../i18n/translateText';
import { chipText, excludeAction, ignoreAction, withAlpha } from './chips';
import { SessionWrapper, testSession, todayQuery } from '../../testing/testSession';

const chips: FilterChip[] = [
  { field: 'media_platform', value: ['Weibo', 'WeChat'], exclude: false, ignore: false },
  { field: 'tendency', value: ['负面'], exclude: true, ignore: false },
  { field: 'province', value: ['北京'], exclude: false, ignore: true },
];

function show(filters: FilterChip[]) {
  const query = { ...todayQuery(Date.now(), 'Asia/Shanghai'), filters };
  useQueryStore.getState().open(query);
  return render(
    <SessionWrapper session={testSession({ primaryColor: '#3673F1' })}>
      <AppliedFilters />
    </SessionWrapper>,
  );
}

const filters = () => useQueryStore.getState().query.filters;

beforeEach(() => show(chips));
afterEach(cleanup);

describe('AppliedFilters', () => {
  it('shows one chip per filter with the field label and values', () => {
    expect(screen.getByTestId('applied-filters')).toBeTruthy();
    expect(screen.getByTestId('filter-chip-1').textContent).toContain('非');
    expect(screen.getByTestId('filter-chip-2').getAttribute('data-ignored')).toBe('true');
    expect(screen.queryByTestId('filter-chip-3')).toBeNull();
  });

  it('highlights active chips with the primary colour at 40% alpha', () => {
    expect(withAlpha('#3673F1', 0.4)).toBe('#3673F166');
    expect(withAlpha('#abc', 1)).toBe('#aabbccff');
    const style = screen.getByTestId('filter-chip-0').getAttribute('style') ?? '';
    expect(style.replace(/\s/g, '').toLowerCase()).toMatch(
      /background:(#3673f166|rgba\(54,115,241,0\.4)/,
    );
  });

  it('names the actions in Chinese, in the buttons, their labels and their tooltips', async () => {
    const exclude = screen.getByTestId('filter-chip-exclude-0');
    expect(exclude.textContent).toBe('排除结果');
    expect(exclude.getAttribute('aria-label')).toBe('排除结果');
    expect(screen.getByTestId('filter-chip-exclude-1').textContent).toBe('包含结果');
    expect(screen.getByTestId('filter-chip-ignore-0').textContent).toBe('暂时停用');
    expect(screen.getByTestId('filter-chip-ignore-2').textContent).toBe('重新启用');
    expect(screen.getByTestId('filter-chip-remove-0').getAttribute('aria-label')).toBe('移除');
    fireEvent.mouseEnter(exclude);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('排除结果：只看不含这些值的信息');
    expect(document.body.textContent).not.toMatch(/exclude result|include result|disable|enable/);
  });

  it('says the actions in English in en_US', () => {
    expect(translateText('en_US', excludeAction(chips[0]!).tip)).toBe('exclude result');
    expect(translateText('en_US', excludeAction(chips[1]!).tip)).toBe('include result');
    expect(translateText('en_US', ignoreAction(chips[0]!).tip)).toBe('temporarily disable');
    expect(translateText('en_US', ignoreAction(chips[2]!).tip)).toBe('re-enable');
  });

  it('shows codes by their Chinese names and keeps the codes in the query', () => {
    expect(screen.getByTestId('filter-chip-0').textContent).toContain('媒体平台: 微博、微信');
    expect(filters()[0]!.value).toEqual(['Weibo', 'WeChat']);
    const path = chipText({
      field: 'brand_paths',
      value: ['/品牌/星河S7'],
      exclude: false,
      ignore: false,
    });
    expect(path.full).toBe('品牌: 星河S7');
  });

  it("labels the tagger's fields apart from the post's own brands and topics", () => {
    const chip = (field: FilterChip['field'], value: string) =>
      chipText({ field, value: [value], exclude: false, ignore: false }).full;
    expect(chip('kg_infos.brand_paths', '/品牌/星河S7')).toBe('知识图谱品牌: 星河S7');
    expect(chip('kg_infos.topic_paths', '/话题/续航')).toBe('知识图谱话题: 续航');
    expect(chip('kg_infos.category_paths', '/汽车/SUV')).toBe('类目: SUV');
    expect(chip('kg_infos.emotion', '正面')).toBe('情感: 正面');
    expect(chip('kg_infos.main_topic', '续航')).toBe('主话题: 续航');
  });

  it('disables exclude while a chip is ignored', () => {
    const button = screen.getByTestId('filter-chip-exclude-2') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(filters()[2]!.exclude).toBe(false);
  });

  it('toggles exclude through the store', () => {
    fireEvent.click(screen.getByTestId('filter-chip-exclude-0'));
    expect(filters()[0]!.exclude).toBe(true);
    expect(screen.getByTestId('filter-chip-exclude-0').textContent).toBe('包含结果');
    fireEvent.click(screen.getByTestId('filter-chip-exclude-0'));
    expect(filters()[0]!.exclude).toBe(false);
  });

  it('toggles ignore through the store, which then disables exclude', () => {
    fireEvent.click(screen.getByTestId('filter-chip-ignore-0'));
    expect(filters()[0]!.ignore).toBe(true);
    expect((screen.getByTestId('filter-chip-exclude-0') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('filter-chip-ignore-0'));
    expect(filters()[0]!.ignore).toBe(false);
  });

  it('removes a chip', () => {
    fireEvent.click(screen.getByTestId('filter-chip-remove-1'));
    expect(filters().map((chip) => chip.field)).toEqual(['media_platform', 'province']);
    expect(useQueryStore.getState().query.useModified).toBe(true);
  });

  it('truncates long values', () => {
    const long = chipText({
      field: 'author',
      value: Array.from({ length: 20 }, (_, i) => `作者${i}`),
      exclude: false,
      ignore: false,
    });
    expect(long.short.length).toBe(31);
    expect(long.short.endsWith('…')).toBe(true);
    expect(long.full.startsWith('作者: 作者0、作者1')).toBe(true);
  });
});

describe('AppliedFilters without filters', () => {
  it('renders nothing', () => {
    cleanup();
    show([]);
    expect(screen.queryByTestId('applied-filters')).toBeNull();
  });
});
