import { describe, expect, it } from 'vitest';
import { newChart } from './editorLogic';
import { dashboardProblems, menuErrors, validateChart } from './validation';
import { EMPTY_DASHBOARD } from '@yuqing/core';

const errorsOf = (errors: ReturnType<typeof validateChart>) =>
  Object.fromEntries(errors.map((error) => [error.name.join('.'), error.errors]));

describe('widget form messages', () => {
  it('accepts a new widget of a type that reads data', () => {
    expect(validateChart(newChart('words', 'w1', []))).toEqual([]);
  });

  it("says '请输入{label}' for a required empty field", () => {
    const iframe = newChart('m-iframe', 'w1', []);
    expect(errorsOf(validateChart(iframe))).toEqual({ 'options.url': ['请输入链接地址'] });
    const words = { ...newChart('words', 'w1', []), aggs: undefined };
    expect(errorsOf(validateChart(words))).toEqual({ aggs: ['请输入数据源'] });
  });

  it("says '{label}不是一个有效的{type}' for a wrong value", () => {
    const iframe = newChart('m-iframe', 'w1', []);
    iframe.options.url = 'ftp://example.com';
    expect(errorsOf(validateChart(iframe))).toEqual({
      'options.url': ['链接地址不是一个有效的url'],
    });
    const bar = newChart('bar', 'w1', []);
    bar.innerRequest = { size: '5' as unknown as number };
    expect(errorsOf(validateChart(bar))['innerRequest.size']).toEqual(['数量不是一个有效的数字']);
  });

  it('reports the width beyond 24 columns in the schema words', () => {
    const bar = { ...newChart('bar', 'w1', []), x: 20, w: 12 };
    expect(errorsOf(validateChart(bar)).w).toEqual(['组件超出了 24 列的宽度']);
  });
});

describe('menu and draft problems', () => {
  const item = {
    label: '概览',
    key: 'a',
    path: '/a',
    default: false,
    isAiReport: false,
    show: true,
    adminVisible: false,
  };

  it('names duplicate keys and paths and empty labels', () => {
    const dashboard = { ...EMPTY_DASHBOARD, menu: [item, { ...item, label: '' }] };
    const errors = menuErrors(dashboard);
    expect(errors.get('1.key')).toBe('菜单 key 重复');
    expect(errors.get('1.path')).toBe('菜单路径重复');
    expect(errors.get('1.label')).toBe('请输入名称');
    expect(dashboardProblems(dashboard).every((problem) => problem.area === '菜单')).toBe(true);
  });

  it('names the page of an overlap', () => {
    const chart = newChart('bar', 'w1', []);
    const dashboard = {
      ...EMPTY_DASHBOARD,
      menu: [item],
      pages: {
        a: {
          ...(EMPTY_DASHBOARD.pages.a ?? {
            leftTreeMenu: {
              show: false,
              multiple: false,
              max: 3,
              default: [],
              showBuzz: false,
              field: 'topic_paths' as const,
              showLogo: false,
              isCustomData: false,
            },
            filter: [],
            defaultQuery: [],
            page_config: { hotpost: { show: false } },
          }),
          charts: [chart, { ...chart, i: 'w2' }],
        },
      },
    };
    const problems = dashboardProblems(dashboard);
    expect(problems[0]!.area).toBe('页面「概览」');
    expect(problems[0]!.text).toContain('位置重叠');
  });
});
