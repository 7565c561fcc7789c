// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadableLazy';

afterEach(cleanup);

const Greeting = ({ name }: { name: string }) => <p>你好，{name}</p>;

describe('a lazy component whose code can be loaded ahead', () => {
  it('renders at once, with no fallback, when its code is in before the first render', async () => {
    const { Component, preload } = preloadableLazy(async () => ({ default: Greeting }));
    await preload();
    const { container } = render(
      <Suspense fallback={<span>加载中</span>}>
        <Component name="张三" />
      </Suspense>,
    );
    // No act() flush: the first commit already holds the component.
    expect(container.textContent).toBe('你好，张三');
  });

  it('shows the fallback until code not asked for ahead arrives, and loads it once', async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(async () => {
      loads += 1;
      return { default: Greeting };
    });
    const { container } = render(
      <Suspense fallback={<span>加载中</span>}>
        <Component name="李四" />
      </Suspense>,
    );
    expect(container.textContent).toBe('加载中');
    await act(() => preload());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toBe('你好，李四');
    expect(loads).toBe(1);
  });
});
