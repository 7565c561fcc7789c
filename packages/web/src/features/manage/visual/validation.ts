import {
  chart as chartSchema,
  dashboard as dashboardSchema,
  page as pageSchema,
  type Chart,
  type Dashboard,
  type Page,
  widgetSpec,
} from '@yuqing/core';

/* The core schemas judge the editor's forms; their issues become the spec's form messages. */

export type FieldPath = (string | number)[];

export interface FieldError {
  name: FieldPath;
  errors: string[];
}

/** Spec 5: the standard form messages. */
export const requiredMessage = (label: string) => `请输入${label}`;
export const typeMessage = (label: string, type: string) => `${label}不是一个有效的${type}`;

/** Chinese names of the widget form's fields, by dotted path. */
export const CHART_FIELD_LABELS: Record<string, string> = {
  type: '组件类型',
  title: '标题',
  tips: '提示',
  aggs: '数据源',
  'options.url': '链接地址',
  'options.heading': '标题文字',
  'options.content': '正文',
  'options.image': '图片地址',
  'options.pageSize': '每页条数',
  'style.height': '高度',
  theme: '主题色',
  'innerRequest.size': '数量',
  'innerRequest.level': '层级',
  'innerRequest.topic_paths_size': '话题数量',
  w: '宽度',
  h: '高度',
  filter: '筛选条件',
  defaultQuery: '默认查询',
};

/** What a wrong value should have been, for '{label}不是一个有效的{type}'. */
const TYPE_NAMES: Record<string, string> = {
  'options.url': 'url',
  theme: '颜色',
  'innerRequest.size': '数字',
  'style.height': '数字',
  path: '路径',
  colors: '颜色',
  primaryColor: '颜色',
  navTextColor: '颜色',
  value: '颜色',
};

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
}

/** The message of the editor's own "required" issues. */
const REQUIRED = 'required';

const dotted = (path: readonly PropertyKey[]) =>
  path.filter((part) => typeof part === 'string').join('.');

/** One issue as the spec's message: required, wrong type, or the schema's own words. */
export function issueMessage(issue: Issue, labels: Record<string, string>): string {
  const key = dotted(issue.path);
  const label = labels[key] ?? labels[String(issue.path[0])] ?? key;
  // zod does not report the input; an absent value says "received undefined".
  const empty =
    issue.message === REQUIRED ||
    (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) ||
    (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1);
  if ((issue.code === 'invalid_type' || issue.code === 'too_small') && empty)
    return requiredMessage(label);
  if (issue.code === 'invalid_format' || issue.code === 'invalid_type')
    return typeMessage(label, TYPE_NAMES[key] ?? TYPE_NAMES[String(issue.path[0])] ?? '值');
  if (issue.code === 'invalid_value') return typeMessage(label, '选项');
  return issue.message;
}

function group(issues: readonly Issue[], labels: Record<string, string>): FieldError[] {
  const byName = new Map<string, FieldError>();
  for (const issue of issues) {
    const name = issue.path.filter(
      (part): part is string | number => typeof part === 'string' || typeof part === 'number',
    );
    const key = JSON.stringify(name);
    const entry = byName.get(key) ?? { name, errors: [] };
    const message = issueMessage(issue, labels);
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byName.set(key, entry);
  }
  return [...byName.values()];
}

/**
 * Everything wrong with a widget: the core chart schema, plus what the editor requires of a
 * type (a data source when the type reads one, an address for an embedded page).
 */
export function validateChart(chart: Chart): FieldError[] {
  const issues: Issue[] = [];
  const parsed = chartSchema.safeParse(chart);
  if (!parsed.success) issues.push(...(parsed.error.issues as Issue[]));
  if (widgetSpec(chart.type).sources.length > 0 && !chart.aggs)
    issues.push({ code: 'invalid_type', path: ['aggs'], message: REQUIRED });
  if (chart.type === 'm-iframe' && !chart.options.url)
    issues.push({ code: 'invalid_type', path: ['options', 'url'], message: REQUIRED });
  return group(issues, CHART_FIELD_LABELS);
}

const PAGE_LABELS: Record<string, string> = {
  leftTreeMenu: '左侧树菜单',
  filter: '查询栏',
  charts: '组件',
  defaultQuery: '默认查询',
  label: '名称',
  field: '字段',
  options: '选项',
};

/** A page's problems, as readable lines ('查询栏 第 2 项: ...'). */
export function pageProblems(page: Page): string[] {
  const parsed = pageSchema.safeParse(page);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => describe(issue as Issue, PAGE_LABELS));
}

const MENU_LABELS: Record<string, string> = {
  label: '名称',
  key: 'key',
  path: '路径',
  colors: '颜色',
  primaryColor: '主色',
  navTextColor: '导航文字颜色',
  value: '颜色',
  name: '名称',
};

function describe(issue: Issue, labels: Record<string, string>): string {
  const where = issue.path
    .map((part) =>
      typeof part === 'number' ? `第 ${part + 1} 项` : (labels[String(part)] ?? String(part)),
    )
    .join(' ');
  return `${where}: ${issueMessage(issue, labels)}`;
}

/** Problems of the whole draft by area, so the toolbar can refuse to save and say where. */
export function dashboardProblems(dashboard: Dashboard): { area: string; text: string }[] {
  const parsed = dashboardSchema.safeParse(dashboard);
  if (parsed.success) return [];
  const menu = dashboard.menu;
  return parsed.error.issues.map((issue) => {
    const [area, key, ...rest] = issue.path;
    if (area === 'pages') {
      const label = menu.find((item) => item.key === key)?.label ?? String(key);
      return {
        area: `页面「${label}」`,
        text: describe({ ...(issue as Issue), path: rest }, PAGE_LABELS),
      };
    }
    if (area === 'menu')
      return {
        area: '菜单',
        text: describe({ ...(issue as Issue), path: issue.path.slice(1) }, MENU_LABELS),
      };
    return {
      area: '站点',
      text: describe({ ...(issue as Issue), path: issue.path.slice(1) }, MENU_LABELS),
    };
  });
}

/** The menu's problems by item index and field, for inline messages in the menu editor. */
export function menuErrors(dashboard: Dashboard): Map<string, string> {
  const errors = new Map<string, string>();
  const parsed = dashboardSchema.safeParse(dashboard);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    if (issue.path[0] !== 'menu') continue;
    const [, index, field] = issue.path;
    const label = MENU_LABELS[String(field)] ?? String(field);
    const message =
      issue.code === 'custom'
        ? issue.message
        : issueMessage({ ...(issue as Issue), path: [String(field)] }, { [String(field)]: label });
    errors.set(`${String(index)}.${String(field)}`, message);
  }
  return errors;
}
