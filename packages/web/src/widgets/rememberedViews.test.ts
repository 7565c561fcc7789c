// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  REMEMBERED_VIEWS_KEY,
  pageAddress,
  rememberViews,
  rememberedViews,
} from './rememberedViews';

const overview = pageAddress('/yuqing/demo/demo/latest/', '/overview');

describe('the widget types a page drew, remembered for the next new tab', () => {
  it('answers the types last drawn at the address, once each', () => {
    rememberViews(overview, ['lines', 'pie', 'lines', 'words'], localStorage);
    expect(rememberedViews(overview, localStorage)).toEqual(['lines', 'pie', 'words']);
    expect(rememberedViews(pageAddress('/yuqing/demo/demo/latest/', '/trend'))).toEqual([]);
    rememberViews(overview, ['bar'], localStorage);
    expect(rememberedViews(overview, localStorage)).toEqual(['bar']);
  });

  it('ignores what is not a widget type, and stored text that is not its shape', () => {
    localStorage.setItem(REMEMBERED_VIEWS_KEY, JSON.stringify({ [overview]: ['pie', 'script'] }));
    expect(rememberedViews(overview, localStorage)).toEqual(['pie']);
    localStorage.setItem(REMEMBERED_VIEWS_KEY, '{not json');
    expect(rememberedViews(overview, localStorage)).toEqual([]);
    localStorage.setItem(REMEMBERED_VIEWS_KEY, '"pie"');
    expect(rememberedViews(overview, localStorage)).toEqual([]);
  });

  it('keeps the last fifty pages, forgetting the oldest', () => {
    localStorage.removeItem(REMEMBERED_VIEWS_KEY);
    for (let page = 0; page < 51; page++) rememberViews(`/p#/${page}`, ['pie'], localStorage);
    expect(rememberedViews('/p#/0', localStorage)).toEqual([]);
    expect(rememberedViews('/p#/1', localStorage)).toEqual(['pie']);
    expect(rememberedViews('/p#/50', localStorage)).toEqual(['pie']);
  });

  it('forgets nothing and throws nothing when storage refuses a write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => rememberViews(overview, ['pie'], full)).not.toThrow();
    expect(rememberedViews(overview, full)).toEqual([]);
  });
});
