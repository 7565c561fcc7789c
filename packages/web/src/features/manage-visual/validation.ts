import {
  chart as chartSchema,
  dashboard as dashboardSchema,
  page as pageSchema,
  type Chart,
  type Dashboard,
  type Page,
  widgetSpec,
} from '@yuqing/core';
import { zh } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';

/* The core schemas judge the editor's forms; their issues become the spec's form messages. */

export type FieldPath = (string | number)[];

export interface FieldError {
  name: FieldPath;
  errors: string[];
}

/** Spec 5: the standard form messages (labels and type names may be Chinese defaults). */
export const requiredMessage = (label: string, t: Translate = currentT()) =>
  t('请输入{label}', { label: t.label(label) });
export const typeMessage = (label: string, type: string, t: Translate = currentT()) =>
  t('{label}不是一个有效的{type}', { label: t.label(label), type: t.label(type).toLowerCase() });

/** Chinese names of the widget form's fields, by dotted path (translated where shown). */
export const CHART_FIELD_LABELS = {
  type: zh('组件类型'),
  title: zh('标题'),
  tips: zh('提示'),
  aggs: zh('数据源'),
  'options.url': zh('链接地址'),
  'options.heading': zh('标题文字'),
  'options.content': zh('正文'),
  'options.image': zh('图片地址'),
  'options.pageSize': zh('每页条数'),
  'style.height': zh('高度'),
  theme: zh('主题色'),
  'innerRequest.size': zh('数量'),
  'innerRequest.level': zh('层级'),
  'innerRequest.topic_paths_size': zh('话题数量'),
  w: zh('宽度'),
  h: zh('高度'),
  filter: zh('筛选条件'),
  defaultQuery: zh('默认查询'),
} satisfies Record<string, string>;

/** What a wrong value should have been, for '{label}不是一个有效的{type}'. */
const TYPE_NAMES: Record<string, string> = {
  'options.url': 'url',
  theme: zh('颜色'),
  'innerRequest.size': zh('数字'),
  'style.height': zh('数字'),
  path: zh('路径'),
  colors: zh('颜色'),
  primaryColor: zh('颜色'),
  navTextColor: zh('颜色'),
  value: zh('颜色'),
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
export function issueMessage(
  issue: Issue,
  labels: Record<string, string>,
  t: Translate = currentT(),
): string {
  const key = dotted(issue.path);
  const label = labels[key] ?? labels[String(issue.path[0])] ?? key;
  // zod does not report the input; an absent value says "received undefined".
  const empty =
    issue.message === REQUIRED ||
    (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) ||
    (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1);
  if ((issue.code === 'invalid_type' || issue.code === 'too_small') && empty)
    return requiredMessage(label, t);
  if (issue.code === 'invalid_format' || issue.code === 'invalid_type')
    return typeMessage(label, TYPE_NAMES[key] ?? TYPE_NAMES[String(issue.path[0])] ?? zh('值'), t);
  if (issue.code === 'invalid_value') return typeMessage(label, zh('选项'), t);
  return t.label(issue.message);
}

function group(
  issues: readonly Issue[],
  labels: Record<string, string>,
  t: Translate,
): FieldError[] {
  const byName = new Map<string, FieldError>();
  for (const issue of issues) {
    const name = issue.path.filter(
      (part): part is string | number => typeof part === 'string' || typeof part === 'number',
    );
    const key = JSON.stringify(name);
    const entry = byName.get(key) ?? { name, errors: [] };
    const message = issueMessage(issue, labels, t);
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byName.set(key, entry);
  }
  return [...byName.values()];
}

/**
 * Everything wrong with a widget: the core chart schema, plus what the editor requires of a
 * type (a data source when the type reads one, an address for an embedded page).
 */
export function validateChart(chart: Chart, t: Translate = currentT()): FieldError[] {
  const issues: Issue[] = [];
  const parsed = chartSchema.safeParse(chart);
  if (!parsed.success) issues.push(...(parsed.error.issues as Issue[]));
  if (widgetSpec(chart.type).sources.length > 0 && !chart.aggs)
    issues.push({ code: 'invalid_type', path: ['aggs'], message: REQUIRED });
  if (chart.type === 'm-iframe' && !chart.options.url)
    issues.push({ code: 'invalid_type', path: ['options', 'url'], message: REQUIRED });
  return group(issues, CHART_FIELD_LABELS, t);
}

const PAGE_LABELS: Record<string, string> = {
  leftTreeMenu: zh('左侧树菜单'),
  filter: zh('查询栏'),
  charts: zh('组件'),
  defaultQuery: zh('默认查询'),
  label: zh('名称'),
  field: zh('字段'),
  options: zh('选项'),
};

/** A page's problems, as readable lines ('查询栏 第 2 项: ...'). */
export function pageProblems(page: Page, t: Translate = currentT()): string[] {
  const parsed = pageSchema.safeParse(page);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => describe(issue as Issue, PAGE_LABELS, t));
}

const MENU_LABELS: Record<string, string> = {
  label: zh('名称'),
  key: 'key',
  path: zh('路径'),
  colors: zh('颜色'),
  primaryColor: zh('主色'),
  navTextColor: zh('导航文字颜色'),
  value: zh('颜色'),
  name: zh('名称'),
};

function describe(issue: Issue, labels: Record<string, string>, t: Translate): string {
  const where = issue.path
    .map((part) =>
      typeof part === 'number'
        ? t('第 {n} 项', { n: part + 1 })
        : t.label(labels[String(part)] ?? String(part)),
    )
    .join(' ');
  return `${where}: ${issueMessage(issue, labels, t)}`;
}

/** Problems of the whole draft by area, so the toolbar can refuse to save and say where. */
export function dashboardProblems(
  dashboard: Dashboard,
  t: Translate = currentT(),
): { area: string; text: string }[] {
  const parsed = dashboardSchema.safeParse(dashboard);
  if (parsed.success) return [];
  const menu = dashboard.menu;
  return parsed.error.issues.map((issue) => {
    const [area, key, ...rest] = issue.path;
    if (area === 'pages') {
      const label = menu.find((item) => item.key === key)?.label ?? String(key);
      return {
        area: t('页面「{label}」', { label: t.label(label) }),
        text: describe({ ...(issue as Issue), path: rest }, PAGE_LABELS, t),
      };
    }
    if (area === 'menu')
      return {
        area: t('菜单'),
        text: describe({ ...(issue as Issue), path: issue.path.slice(1) }, MENU_LABELS, t),
      };
    return {
      area: t('站点'),
      text: describe({ ...(issue as Issue), path: issue.path.slice(1) }, MENU_LABELS, t),
    };
  });
}

/** The menu's problems by item index and field, for inline messages in the menu editor. */
export function menuErrors(dashboard: Dashboard, t: Translate = currentT()): Map<string, string> {
  const errors = new Map<string, string>();
  const parsed = dashboardSchema.safeParse(dashboard);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    if (issue.path[0] !== 'menu') continue;
    const [, index, field] = issue.path;
    const label = MENU_LABELS[String(field)] ?? String(field);
    const message =
      issue.code === 'custom'
        ? t.label(issue.message)
        : issueMessage(
            { ...(issue as Issue), path: [String(field)] },
            { [String(field)]: label },
            t,
          );
    errors.set(`${String(index)}.${String(field)}`, message);
  }
  return errors;
}
