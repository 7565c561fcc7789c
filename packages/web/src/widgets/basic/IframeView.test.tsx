// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { chart } from '@yuqing/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetViewProps } from '../types';
import IframeView from './IframeView';

afterEach(cleanup);

function show(url: string) {
  const props = {
    chart: chart.parse({
      i: 'briefing',
      type: 'm-iframe',
      title: '舆情简报',
      x: 0,
      y: 0,
      w: 24,
      h: 30,
      options: { url },
    }),
  } as WidgetViewProps<undefined>;
  render(<IframeView {...props} />);
  return screen.getByTitle('舆情简报');
}

describe('IframeView', () => {
  it('lets the embedded page run scripts, never as this site', () => {
    for (const url of ['/demo-assets/briefing.html', 'https://example.com/brief']) {
      const sandbox = show(url).getAttribute('sandbox')!.split(/\s+/);
      expect(sandbox).toContain('allow-scripts');
      expect(sandbox).not.toContain('allow-same-origin');
      cleanup();
    }
  });
});
