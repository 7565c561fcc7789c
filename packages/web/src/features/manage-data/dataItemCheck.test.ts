import { describe, expect, it } from 'vitest';
import { checkDataItem, checkDataJson, toEditable } from './dataItemCheck';
import { issueText } from '../../forms/schemaIssues';

const texts = (result: ReturnType<typeof checkDataItem>) =>
  result.ok ? [] : result.issues.map(issueText);

describe('checkDataItem', () => {
  it('accepts a valid tree', () => {
    const item = {
      name: '品牌',
      kind: 'tree',
      items: [{ value: 'a', label: 'A', children: [{ value: 'b', label: 'B' }] }],
    };
    expect(checkDataItem(item)).toEqual({ ok: true, data: item });
  });

  it("answers the spec's form messages with their paths", () => {
    const result = checkDataItem({
      name: ' ',
      kind: 'table',
      items: [{ value: '', label: 3 }, { value: 'x' }],
    });
    expect(texts(result)).toEqual([
      'name: 请输入数据名称',
      'kind: 类型不是一个有效的选项',
      'items[0].value: 请输入值',
      'items[0].label: 显示名不是一个有效的文本',
      'items[1].label: 请输入显示名',
    ]);
  });

  it('refuses duplicate values among siblings, and children in a list', () => {
    const result = checkDataItem({
      name: 'L',
      kind: 'list',
      items: [
        { value: 'a', label: 'A', children: [{ value: 'b', label: 'B' }] },
        { value: 'b', label: 'B2' },
        { value: 'a', label: 'A2' },
      ],
    });
    expect(texts(result)).toEqual([
      'items[0].children: 列表的数据项不能有子项',
      'items[2].value: 值「a」在同一层重复（已在 items[0] 出现）',
    ]);
  });

  it('allows the same value under different parents of a tree', () => {
    const item = {
      name: 'T',
      kind: 'tree',
      items: [
        { value: 'a', label: 'A', children: [{ value: 'x', label: 'X' }] },
        { value: 'b', label: 'B', children: [{ value: 'x', label: 'X' }] },
      ],
    };
    expect(checkDataItem(item).ok).toBe(true);
  });

  it('names a JSON syntax error by line and column', () => {
    const result = checkDataJson('{\n  "name": "x",\n  oops\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]!.message).toMatch(/^JSON 格式错误（第3行第3列）/);
  });
});

describe('toEditable', () => {
  it('lets the table show content that is still wrong', () => {
    const result = toEditable({ name: 'x', kind: 'list', items: [{ value: 7 }, { value: 'a' }] });
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'x',
        kind: 'list',
        items: [
          { value: '7', label: '' },
          { value: 'a', label: '' },
        ],
      },
    });
  });

  it('refuses shapes the table cannot hold', () => {
    const result = toEditable({ name: 'x', kind: 'tree', items: [{ value: {}, children: 3 }] });
    expect(result.ok ? [] : result.issues.map(issueText)).toEqual([
      'items[0].value: 值不是一个有效的文本',
      'items[0].children: 子项不是一个有效的列表',
    ]);
  });
});
