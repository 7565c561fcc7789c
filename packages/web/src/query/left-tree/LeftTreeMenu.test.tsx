// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { leftTreeMenu, type LeftTreeMenu as Config } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silenceMessages } from '../../testing/silenceMessages';
import { search } from '../../api/search';
import { SessionWrapper, testSession, todayQuery } from '../../testing/testSession';
import { useQueryStore } from '../queryStore';
import { LeftTreeMenu } from './LeftTreeMenu';

vi.mock('../../api/search', () => ({ search: vi.fn() }));

const ZONE = 'Asia/Shanghai';
const topicPathsTree = [
  {
    title: '手机',
    value: '/手机',
    children: [
      { title: '华为', value: '/手机/华为' },
      { title: '小米', value: '/手机/小米' },
      { title: '苹果', value: '/手机/苹果' },
    ],
  },
  { title: '汽车', value: '/汽车' },
];

function show(config: Partial<Config>) {
  return render(
    <SessionWrapper session={testSession({ topicPathsTree })}>
      <LeftTreeMenu config={leftTreeMenu.parse({ show: true, ...config })} timeZone={ZONE} />
    </SessionWrapper>,
  );
}

const selected = () => useQueryStore.getState().query.topic_paths;
const click = (path: string) =>
  act(() => void fireEvent.click(screen.getByTestId(`left-tree-node-${path}`)));
const checkbox = (path: string) => {
  const node = screen.getByTestId(`left-tree-node-${path}`).closest('.ant-tree-treenode');
  const box = node?.querySelector('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${path}`);
  return box;
};

beforeEach(() => {
  silenceMessages();
  useQueryStore.getState().open(todayQuery(Date.now(), ZONE));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(search).mockReset();
});

describe('LeftTreeMenu', () => {
  it('renders nothing unless shown', () => {
    render(
      <SessionWrapper session={testSession({ topicPathsTree })}>
        <LeftTreeMenu config={leftTreeMenu.parse({})} timeZone={ZONE} />
      </SessionWrapper>,
    );
    expect(screen.queryByTestId('left-tree')).toBeNull();
  });

  it('is 250 wide and shows the project topic tree', () => {
    show({});
    expect(screen.getByTestId('left-tree').style.width).toBe('250px');
    expect(screen.getByTestId('left-tree-node-/手机/华为').textContent).toBe('华为');
    expect(screen.getByTestId('left-tree-node-/汽车')).toBeTruthy();
  });

  it('single mode selects one path, and selecting it again keeps it', () => {
    show({});
    click('/手机/华为');
    expect(selected()).toEqual(['/手机/华为']);
    click('/汽车');
    expect(selected()).toEqual(['/汽车']);
    const before = useQueryStore.getState().query;
    click('/汽车');
    expect(useQueryStore.getState().query).toBe(before);
  });

  it('multi mode toggles paths up to max, with the info message beyond it', () => {
    const info = vi.spyOn(message, 'info');
    show({ multiple: true, max: 2 });
    act(() => void fireEvent.click(checkbox('/手机/华为')));
    click('/手机/小米');
    expect(selected()).toEqual(['/手机/华为', '/手机/小米']);
    act(() => void fireEvent.click(checkbox('/手机/苹果')));
    expect(info).toHaveBeenCalledWith('最多支持选择2项');
    expect(selected()).toEqual(['/手机/华为', '/手机/小米']);
    act(() => void fireEvent.click(checkbox('/手机/华为')));
    expect(selected()).toEqual(['/手机/小米']);
    click('/手机/小米');
    expect(selected()).toBeUndefined();
  });

  it('defaults to at most 3 in multi mode', () => {
    const info = vi.spyOn(message, 'info');
    show({ multiple: true });
    for (const path of ['/手机/华为', '/手机/小米', '/手机/苹果', '/汽车']) click(path);
    expect(selected()).toEqual(['/手机/华为', '/手机/小米', '/手机/苹果']);
    expect(info).toHaveBeenCalledWith('最多支持选择3项');
  });

  it('shows each node volume with showBuzz', async () => {
    vi.mocked(search).mockResolvedValue({
      list: [
        {
          name: '手机',
          path: '/手机',
          value: 1500,
          children: [{ name: '华为', path: '/手机/华为', value: 42, children: [] }],
        },
      ],
    });
    show({ showBuzz: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(vi.mocked(search)).toHaveBeenCalledWith(
      expect.objectContaining({ aggs: 'common_all_topic', field: 'topic_paths' }),
    );
    expect(screen.getByTestId('left-tree-node-/手机').textContent).toBe('手机1.5k');
    expect(screen.getByTestId('left-tree-node-/手机/华为').textContent).toBe('华为42');
    expect(screen.getByTestId('left-tree-node-/汽车').textContent).toBe('汽车0');
  });
});
