import { describe, expect, it } from 'vitest';
import { queryState } from '../dashboard/query-state.js';
import { dashboardLink } from './link.js';
import { ruleQuery } from './rule.js';

describe('dashboard link', () => {
  it('opens the page on the rule query and range, as the dashboard reads its URL', () => {
    const query = ruleQuery.parse({
      q: '星河 AND 召回',
      tendency: ['负面'],
      filters: [{ field: 'province', value: ['广东'] }],
    });
    const link = dashboardLink(
      { repository: 'demo', customer: 'acme', project: 'cars', subject_id: 's1' },
      '/overview',
      query,
      { start: 1000, end: 2000 },
    );
    const [path, hash] = link.split('#');
    expect(path).toBe('/demo/acme/cars/latest/subject/s1/');
    const [route, search] = hash!.split('?query=');
    expect(route).toBe('/overview');
    const state = queryState.parse(JSON.parse(decodeURIComponent(search!)));
    expect(state).toMatchObject({ start: 1000, end: 2000, useModified: true, q: '星河 AND 召回' });
    expect(state.tendency).toEqual(['负面']);
    expect(state.filters).toEqual(query.filters);
    expect(state.media_platform).toBeUndefined();
  });

  it('opens the first page when the rule names none', () => {
    const link = dashboardLink(
      { repository: 'r', customer: 'c', project: 'p' },
      '',
      ruleQuery.parse({}),
      { start: 1, end: 2 },
    );
    expect(link.startsWith('/r/c/p/latest/#/?query=')).toBe(true);
  });
});
