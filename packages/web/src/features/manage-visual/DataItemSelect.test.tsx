// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProjectDataItems } from '../../api/manageData';
import { DataItemSelect } from './DataItemSelect';

vi.mock('../../api/manageData', () => ({ fetchProjectDataItems: vi.fn() }));

beforeEach(() => {
  vi.mocked(fetchProjectDataItems).mockResolvedValue([
    { name: '平台', kind: 'list', items: [{ value: 'Weibo', label: '微博' }] },
    {
      name: '品牌',
      kind: 'tree',
      items: [{ value: '/a', label: '甲', children: [{ value: '/a/1', label: '一' }] }],
    },
  ]);
});
afterEach(cleanup);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('DataItemSelect', () => {
  it("offers the project's data items, those of the wanted kind first", async () => {
    render(<DataItemSelect kind="tree" onChange={() => {}} />);
    await settle();
    act(() => void fireEvent.mouseDown(screen.getByRole('combobox')));
    await settle();
    const options = [...document.querySelectorAll('.ant-select-item-option')].map(
      (option) => option.textContent,
    );
    expect(options).toEqual(['品牌（树形，2 项）', '平台（列表，1 项）']);
  });

  it('takes a typed name, trimmed, and says when the project has no such item', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<DataItemSelect value="品牌" onChange={onChange} />);
    await settle();
    expect(screen.queryByText(/数据配置中没有/)).toBeNull();
    act(() => void fireEvent.change(screen.getByRole('combobox'), { target: { value: ' 地区 ' } }));
    expect(onChange).toHaveBeenLastCalledWith('地区');
    rerender(<DataItemSelect value="地区" onChange={onChange} />);
    expect(screen.getByText('数据配置中没有「地区」')).toBeTruthy();
  });
});
