// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testReport } from '../testing/reportFixtures';
import { fakeApi } from '../testing/fakeApi';
import { bootstrap } from './bootstrap';

let root: Root | undefined;

afterEach(() => {
  // Unmounted here, React has no work left for after the test environment is gone.
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('bootstrap of a share link', () => {
  it('opens the shared report without asking for the user or a project', async () => {
    window.history.replaceState(null, '', '/share/tok_abc');
    const { calls } = fakeApi({
      'GET /report/shared': () => ({
        report: testReport(),
        projectName: '演示项目',
        timeZone: 'Asia/Shanghai',
      }),
    });
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      root = await bootstrap(container);
    });

    expect(await screen.findByRole('heading', { level: 1, name: '品牌周报' })).toBeTruthy();
    expect(calls.map((call) => call.route)).toEqual(['GET /report/shared']);
    expect(calls[0]!.params.get('token')).toBe('tok_abc');
  });
});
