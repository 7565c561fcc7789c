// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { filterItem, type FilterItemInput } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silenceMessages } from '../../testing/silenceMessages';
import { useQueryStore } from '../queryStore';
import { SelectFilter } from './SelectFilter';
import { SessionWrapper, testSession, todayQuery } from '../../testing/testSession';

const ZONE = 'Asia/Shanghai';

function show(input: FilterItemInput) {
  const item = filterItem.parse(input);
  if (item.type !== 'select') throw new Error('not a select');
  return render(
    <SessionWrapper session={testSession({ medias: [{ code: 'Weibo', name: '微博' }] })}>
      <SelectFilter item={item} />
    </SessionWrapper>,
  );
}

const state = () => useQueryStore.getState().query;
const combobox = () => screen.getByRole('combobox');
const open = () => act(() => void fireEvent.mouseDown(combobox()));
const pick = (label: string) => {
  const option = document.querySelector(`.ant-select-item-option[title="${label}"]`);
  if (!option) throw new Error(`no option ${label}`);
  act(() => void fireEvent.click(option));
};
/** rc-select closes one macrotask after the outside mousedown. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const close = async () => {
  act(() => void fireEvent.mouseDown(document.body));
  await settle();
};

beforeEach(() => {
  silenceMessages();
  useQueryStore.getState().open(todayQuery(Date.now(), ZONE));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SelectFilter', () => {
  it('shows 请选择 and the Chinese platform names', async () => {
    show({ type: 'select', field: 'media_platform' });
    expect(screen.getByTestId('select-media_platform').textContent).toContain('请选择');
    open();
    expect(document.querySelector('.ant-select-item-option[title="微博"]')).toBeTruthy();
    expect(document.querySelector('.ant-select-item-option[title="微信"]')).toBeTruthy();
  });

  it('multi-select commits when the dropdown closes, not on each pick', async () => {
    show({ type: 'select', field: 'media_platform', options: { multiple: true } });
    open();
    pick('微博');
    pick('微信');
    expect(state().media_platform).toBeUndefined();
    await close();
    expect(state().media_platform).toEqual(['Weibo', 'WeChat']);
  });

  it('multi-select truncates to max with the info message', async () => {
    const info = vi.spyOn(message, 'info');
    show({ type: 'select', field: 'media_level', options: { multiple: true, max: 2 } });
    open();
    pick('A');
    pick('B');
    pick('C');
    expect(info).toHaveBeenCalledWith('最多支持选择2项');
    await close();
    expect(state().media_level).toEqual(['A', 'B']);
  });

  it('removing a tag commits at once', () => {
    useQueryStore.getState().setField('media_level', ['A', 'B']);
    show({ type: 'select', field: 'media_level', options: { multiple: true } });
    const remove = document.querySelector('.ant-tag .ant-tag-close-icon');
    if (!remove) throw new Error('no tag close icon');
    act(() => void fireEvent.click(remove));
    expect(state().media_level).toEqual(['B']);
  });

  it('single mode applies on close only when changed, and clearing sends undefined', async () => {
    show({ type: 'select', field: 'media_level' });
    open();
    pick('A');
    await close();
    expect(state().media_level).toEqual(['A']);
    const modified = state();
    open();
    pick('A');
    await close();
    expect(state()).toBe(modified);
    const clear = document.querySelector('.ant-select-clear');
    if (!clear) throw new Error('no clear icon');
    act(() => void fireEvent.mouseDown(clear));
    act(() => void fireEvent.click(clear));
    expect(state().media_level).toBeUndefined();
    expect('media_level' in state() && state().media_level === undefined).toBe(true);
  });
});
