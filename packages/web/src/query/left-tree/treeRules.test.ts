import type { QueryState } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import {
  buzzRequest,
  countsByPath,
  initiallyExpanded,
  selectSingle,
  togglePath,
  treeFieldOf,
} from './treeRules';

const query: QueryState = {
  start: 1,
  end: 2,
  useModified: false,
  q: '华为',
  filters: [],
  denoise: '',
  chartOptions: {},
  topic_paths: ['/手机'],
  media_level: ['A'],
  tendency: [],
};

describe('left tree rules', () => {
  it('single mode selects the clicked path and keeps it when clicked again', () => {
    expect(selectSingle([], '/a')).toEqual(['/a']);
    expect(selectSingle(['/a'], '/b')).toEqual(['/b']);
    expect(selectSingle(['/a'], '/a')).toBeNull();
  });

  it('multi mode toggles paths and truncates beyond max', () => {
    expect(togglePath(['/a'], '/b', 3)).toEqual({ values: ['/a', '/b'], truncated: false });
    expect(togglePath(['/a', '/b'], '/a', 3)).toEqual({ values: ['/b'], truncated: false });
    expect(togglePath(['/a', '/b', '/c'], '/d', 3)).toEqual({
      values: ['/a', '/b', '/c'],
      truncated: true,
    });
  });

  it('asks for volumes per path without the tree own selection', () => {
    expect(buzzRequest(query, 'topic_paths')).toEqual({
      start: 1,
      end: 2,
      q: '华为',
      media_level: ['A'],
      aggs: 'common_all_topic',
      field: 'topic_paths',
    });
  });

  it('reads the path-count tree', () => {
    const counts = countsByPath([
      {
        name: '手机',
        path: '/手机',
        value: 5,
        children: [{ name: '华为', path: '/手机/华为', value: 3, children: [] }],
      },
    ]);
    expect([...counts]).toEqual([
      ['/手机', 5],
      ['/手机/华为', 3],
    ]);
  });

  it('opens the first level and the ancestors of the selection', () => {
    const tree = [
      {
        value: '/a',
        label: 'a',
        children: [{ value: '/a/b', label: 'b', children: [{ value: '/a/b/c', label: 'c' }] }],
      },
      { value: '/d', label: 'd' },
    ];
    expect(initiallyExpanded(tree, ['/a/b/c']).sort()).toEqual(['/a', '/a/b', '/d']);
  });

  it('sends a custom tree selection to its own field', () => {
    const base = {
      show: true,
      multiple: false,
      max: 3,
      default: [],
      showBuzz: false,
      field: 'topic_paths' as const,
      showLogo: false,
      isCustomData: false,
    };
    expect(treeFieldOf(base)).toBe('topic_paths');
    expect(treeFieldOf({ ...base, isCustomData: true, customField: 'tag_paths' })).toBe(
      'tag_paths',
    );
  });
});
