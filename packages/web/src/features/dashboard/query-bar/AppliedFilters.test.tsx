// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FilterChip } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useQueryStore } from '../query/queryStore';
import { AppliedFilters } from './AppliedFilters';
import { chipText, withAlpha } from './chips';
import { SessionWrapper, testSession, todayQuery } from './testSession';

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
    expect(screen.getByTestId('filter-chip-0').textContent).toContain('媒体平台: Weibo、WeChat');
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

  it('names the actions as the spec does', () => {
    expect(screen.getByTestId('filter-chip-exclude-0').getAttribute('aria-label')).toBe(
      'exclude result',
    );
    expect(screen.getByTestId('filter-chip-exclude-0').textContent).toBe('排除结果');
    expect(screen.getByTestId('filter-chip-exclude-1').getAttribute('aria-label')).toBe(
      'include result',
    );
    expect(screen.getByTestId('filter-chip-exclude-1').textContent).toBe('包含结果');
    expect(screen.getByTestId('filter-chip-ignore-0').getAttribute('aria-label')).toBe(
      'temporarily disable',
    );
    expect(screen.getByTestId('filter-chip-ignore-0').textContent).toBe('暂时停用');
    expect(screen.getByTestId('filter-chip-ignore-2').getAttribute('aria-label')).toBe('re-enable');
    expect(screen.getByTestId('filter-chip-ignore-2').textContent).toBe('重新启用');
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
    expect(screen.getByTestId('filter-chip-exclude-0').getAttribute('aria-label')).toBe(
      'include result',
    );
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
