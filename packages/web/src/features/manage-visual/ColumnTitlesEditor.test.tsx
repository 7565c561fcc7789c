// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { chart as chartSchema, type ChartInput } from '@yuqing/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnTitlesEditor } from './ColumnTitlesEditor';

const chartOf = (input: Partial<ChartInput> = {}) =>
  chartSchema.parse({ i: 't1', x: 0, y: 0, w: 12, h: 30, type: 'm-table', ...input });

afterEach(cleanup);

describe('ColumnTitlesEditor', () => {
  it('offers the columns the table shows, with their default titles', () => {
    render(<ColumnTitlesEditor chart={chartOf({ aggs: 'common_authors' })} />);
    expect(
      screen.getAllByRole('textbox').map((box) => (box as HTMLInputElement).placeholder),
    ).toEqual(['排名', '作者', '发文量', '互动量']);
    cleanup();
    render(
      <ColumnTitlesEditor
        chart={chartOf({
          aggs: 'common_terms',
          innerRequest: { field: 'media_platform', value_type: 'like_num' },
        })}
      />,
    );
    expect(
      screen.getAllByRole('textbox').map((box) => (box as HTMLInputElement).placeholder),
    ).toEqual(['排名', '媒体平台', '点赞数']);
  });

  it('stores only real renames, in column order, and shows them', () => {
    const onChange = vi.fn();
    const chart = chartOf({ aggs: 'common_authors' });
    render(
      <ColumnTitlesEditor
        chart={chart}
        value={[{ key: 'engagement', title: '互动' }]}
        onChange={onChange}
      />,
    );
    expect((screen.getByLabelText('互动量列标题') as HTMLInputElement).value).toBe('互动');
    act(
      () =>
        void fireEvent.change(screen.getByLabelText('发文量列标题'), {
          target: { value: '文章 数' },
        }),
    );
    expect(onChange).toHaveBeenLastCalledWith([
      { key: 'value', title: '文章 数' },
      { key: 'engagement', title: '互动' },
    ]);
    act(
      () =>
        void fireEvent.change(screen.getByLabelText('互动量列标题'), { target: { value: '  ' } }),
    );
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
