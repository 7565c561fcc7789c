// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ProjectDataItem } from '@yuqing/core';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silenceMessages } from '../../testing/silenceMessages';
import { saveProjectDataItem } from '../../api/manageData';
import { DataItemEditor } from './DataItemEditor';

vi.mock('../../api/manageData', () => ({ saveProjectDataItem: vi.fn() }));

const brands: ProjectDataItem = {
  name: '品牌',
  kind: 'tree',
  items: [
    { value: 'car', label: '汽车', children: [{ value: 'suv', label: 'SUV' }] },
    { value: 'phone', label: '手机' },
  ],
};

function show(item: ProjectDataItem = brands) {
  const onSaved = vi.fn();
  const onDirtyChange = vi.fn();
  render(
    <DataItemEditor item={item} isNew={false} onSaved={onSaved} onDirtyChange={onDirtyChange} />,
  );
  return { onSaved, onDirtyChange };
}

const switchTo = (label: '表格' | 'JSON') =>
  act(
    () =>
      void fireEvent.click(
        screen.getByTestId('data-editor-mode').querySelector(`[title="${label}"]`) ??
          screen.getByText(label),
      ),
  );
const jsonBox = () => screen.getByTestId('data-editor-json') as HTMLTextAreaElement;
const jsonValue = () => JSON.parse(jsonBox().value) as ProjectDataItem;
const typeJson = (text: string) =>
  act(() => void fireEvent.change(jsonBox(), { target: { value: text } }));
const valueInputs = () => screen.getAllByLabelText('值') as HTMLInputElement[];
const labelInputs = () => screen.getAllByLabelText('显示名') as HTMLInputElement[];

async function upload(name: string, text: string) {
  const input = screen.getByTestId('data-csv-input') as HTMLInputElement;
  const file = new File([text], name, { type: 'text/csv' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

beforeEach(() => {
  silenceMessages();
  vi.clearAllMocks();
  vi.mocked(saveProjectDataItem).mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DataItemEditor', () => {
  it('keeps table edits in JSON and JSON edits in the table', () => {
    const { onDirtyChange } = show();
    act(() => void fireEvent.change(labelInputs()[1]!, { target: { value: '运动型多用途车' } }));
    expect(onDirtyChange).toHaveBeenCalledWith(true);

    switchTo('JSON');
    expect(jsonValue().items[0]!.children![0]).toEqual({ value: 'suv', label: '运动型多用途车' });

    const next = jsonValue();
    next.items.push({ value: 'food', label: '食品' });
    typeJson(JSON.stringify(next, null, 2));
    switchTo('表格');
    expect(valueInputs().map((input) => input.value)).toEqual(['car', 'suv', 'phone', 'food']);
    expect(labelInputs()[1]!.value).toBe('运动型多用途车');

    switchTo('JSON');
    expect(jsonValue()).toEqual(next);
  });

  it('stays on JSON with the problem and its place when the JSON cannot be read', () => {
    show();
    switchTo('JSON');
    typeJson('{ "name": "品牌", "kind": "tree", "items": [ { "value": {} } ] }');
    expect(screen.getByTestId('data-editor-issues').textContent).toContain(
      'items[0].label: 请输入显示名',
    );
    switchTo('表格');
    expect(jsonBox()).toBeTruthy();
    expect(screen.getByTestId('data-editor-issues').textContent).toContain(
      'items[0].value: 值不是一个有效的文本',
    );
    typeJson('{ oops');
    expect(screen.getByTestId('data-editor-issues').textContent).toContain('JSON 格式错误');
    expect(jsonBox().value).toBe('{ oops');
  });

  it('checks before saving, with the form messages, and sends nothing while wrong', async () => {
    show();
    act(() => void fireEvent.change(valueInputs()[2]!, { target: { value: '' } }));
    await act(async () => void fireEvent.click(screen.getByTestId('data-editor-save')));
    expect(screen.getByTestId('data-editor-issues').textContent).toContain(
      'items[1].value: 请输入值',
    );
    expect(valueInputs()[2]!.className).toContain('ant-input-status-error');
    expect(valueInputs()[1]!.className).not.toContain('ant-input-status-error');
    expect(saveProjectDataItem).not.toHaveBeenCalled();
  });

  it('saves what the table holds and says 保存成功', async () => {
    const success = vi.spyOn(message, 'success');
    const { onSaved } = show();
    await act(async () => void fireEvent.click(screen.getByTestId('data-editor-save')));
    expect(saveProjectDataItem).toHaveBeenCalledWith(brands);
    expect(success).toHaveBeenCalledWith('保存成功');
    expect(onSaved).toHaveBeenCalledWith(brands);
  });

  it('says 保存失败 with the reason the server gave', async () => {
    const error = vi.spyOn(message, 'error');
    vi.mocked(saveProjectDataItem).mockRejectedValue(
      new Error('items.0.value: 值「car」在同一层重复'),
    );
    show();
    await act(async () => void fireEvent.click(screen.getByTestId('data-editor-save')));
    expect(error).toHaveBeenCalledWith('保存失败：items.0.value: 值「car」在同一层重复');
  });

  it('imports a CSV tree, replacing the items', async () => {
    show();
    await upload('brands.csv', '\uFEFFvalue,label,parent\r\n/a,甲,\r\n/a/1,"甲, 一",/a\r\n');
    expect(valueInputs().map((input) => input.value)).toEqual(['/a', '/a/1']);
    expect(labelInputs()[1]!.value).toBe('甲, 一');
    expect(screen.queryByTestId('data-csv-problems')).toBeNull();
  });

  it('reports the bad lines of a CSV file and imports nothing', async () => {
    show({ name: '平台', kind: 'list', items: [{ value: 'Weibo', label: '微博' }] });
    await upload('bad.csv', 'value,label\nWeibo,微博\n,空\nWeibo,again\nx,y,z\n');
    const problems = screen.getByTestId('data-csv-problems').textContent;
    expect(problems).toContain('bad.csv 有 3 行有问题，未导入');
    expect(problems).toContain('第3行：缺少值（第一列）');
    expect(problems).toContain('第4行：值「Weibo」与第2行重复');
    expect(problems).toContain('第5行：列表不能指定父项（第三列），请选择树形数据');
    expect(valueInputs().map((input) => input.value)).toEqual(['Weibo']);
  });
});
