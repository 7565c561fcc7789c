// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { baseQuery, chart, type PostWidgetData } from '@yuqing/core';
import { afterEach, describe, expect, it } from 'vitest';
import { WidgetFrame } from './WidgetFrame';

afterEach(cleanup);

const noop = () => {};

describe('WidgetFrame', () => {
  it('shows a loading spinner, and says it is loading, while a widget type’s code arrives', () => {
    const data = { page: { total: 1, list: [{}] } } as unknown as PostWidgetData;
    const { container } = render(
      <WidgetFrame
        chart={chart.parse({
          i: 'w1',
          type: 'post-list',
          title: '信息列表',
          x: 0,
          y: 0,
          w: 24,
          h: 16,
        })}
        state={{ loading: false, data, error: undefined }}
        query={baseQuery(Date.UTC(2026, 10, 1), 'Asia/Shanghai')}
        site={undefined}
        timeZone="Asia/Shanghai"
        onDrill={noop}
        onRange={noop}
        onKeyword={noop}
        onViewOptions={noop}
      />,
    );
    // The data is there but the post list's module is not yet: the frame is not done.
    expect(container.querySelector('[data-loading="true"] .ant-spin')).not.toBeNull();
    expect(container.querySelector('[data-testid^="widget-empty-"]')).toBeNull();
  });
});
