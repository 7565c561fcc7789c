import { projectDataItem, type OptionItem, type ProjectDataItem } from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import {
  checkWithSchema,
  formatPath,
  type Checked,
  type FieldIssue,
  type IssuePath,
} from '../../forms/schemaIssues';

const LABELS: Record<string, ZhText> = {
  name: zh('数据名称'),
  kind: zh('类型'),
  items: zh('数据项'),
  value: zh('值'),
  label: zh('显示名'),
  children: zh('子项'),
};

/** The field a path ends in, named for the form messages (`items[0].value` -> '值'). */
export function dataItemLabel(path: IssuePath, t: Translate = currentT()): string {
  const last = [...path].reverse().find((key) => typeof key === 'string');
  const label = LABELS[String(last ?? 'items')];
  return label ? t(label) : String(last);
}

const issue = (path: (string | number)[], message: string): FieldIssue => ({
  path,
  where: formatPath(path),
  message,
});

/**
 * Rules beyond the schema, as the server keeps them: values are unique among siblings (options
 * and tree nodes are keyed by value), and a list has no children.
 */
function contentIssues(item: ProjectDataItem, t: Translate): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const walk = (items: OptionItem[], path: (string | number)[]) => {
    const seen = new Map<string, string>();
    items.forEach((option, index) => {
      const at = [...path, index];
      const first = seen.get(option.value);
      if (first !== undefined) {
        issues.push(
          issue(
            [...at, 'value'],
            t('值「{value}」在同一层重复（已在 {first} 出现）', { value: option.value, first }),
          ),
        );
      } else {
        seen.set(option.value, formatPath(at));
      }
      if (option.children?.length) {
        if (item.kind === 'list')
          issues.push(issue([...at, 'children'], t('列表的数据项不能有子项')));
        walk(option.children, [...at, 'children']);
      }
    });
  };
  walk(item.items, ['items']);
  return issues;
}

/** Checks a data item as the server will: the core schema, then the rules above. */
export function checkDataItem(value: unknown, t: Translate = currentT()): Checked<ProjectDataItem> {
  const checked = checkWithSchema(projectDataItem, value, (path) => dataItemLabel(path, t), t);
  if (!checked.ok) return checked;
  const issues = contentIssues(checked.data, t);
  return issues.length ? { ok: false, issues } : checked;
}

/** Parses the JSON editor's text; a syntax error names its line and column when it can. */
export function parseJsonText(text: string, t: Translate = currentT()): Checked<unknown> {
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(detail);
    let where = '';
    if (position) {
      const before = text.slice(0, Number(position[1]));
      const line = before.split('\n').length;
      const column = before.length - before.lastIndexOf('\n');
      where = t('（第{line}行第{column}列）', { line, column });
    }
    return {
      ok: false,
      issues: [issue([], t('JSON 格式错误{where}：{detail}', { where, detail }))],
    };
  }
}

/** The JSON editor's text checked as a data item. */
export function checkDataJson(text: string, t: Translate = currentT()): Checked<ProjectDataItem> {
  const parsed = parseJsonText(text, t);
  return parsed.ok ? checkDataItem(parsed.data, t) : parsed;
}

/** A data item as the table edits it: content may still be wrong, the shape may not. */
export interface EditableItem {
  name: string;
  kind: ProjectDataItem['kind'];
  items: OptionItem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function editableOptions(
  value: unknown,
  path: (string | number)[],
  issues: FieldIssue[],
  t: Translate,
): OptionItem[] {
  if (!Array.isArray(value)) {
    issues.push(issue(path, t('{label}不是一个有效的列表', { label: dataItemLabel(path, t) })));
    return [];
  }
  return value.map((entry: unknown, index): OptionItem => {
    const at = [...path, index];
    if (!isRecord(entry)) {
      issues.push(issue(at, t('数据项不是一个有效的对象')));
      return { value: '', label: '' };
    }
    const text = (key: 'value' | 'label'): string => {
      const field = entry[key];
      if (field === undefined || field === null) return '';
      if (typeof field === 'string') return field;
      if (typeof field === 'number') return String(field);
      issues.push(issue([...at, key], t('{label}不是一个有效的文本', { label: t(LABELS[key]!) })));
      return '';
    };
    const option: OptionItem = { value: text('value'), label: text('label') };
    if (entry.children !== undefined) {
      const children = editableOptions(entry.children, [...at, 'children'], issues, t);
      if (children.length) option.children = children;
    }
    return option;
  });
}

/**
 * Reads JSON into what the table can show. Empty or duplicate values are fine here (the table
 * shows them for fixing); a shape the table cannot hold (items not a list, a value that is an
 * object) is an issue, and the editor stays on JSON.
 */
export function toEditable(value: unknown, t: Translate = currentT()): Checked<EditableItem> {
  if (!isRecord(value)) return { ok: false, issues: [issue([], t('数据不是一个有效的对象'))] };
  const issues: FieldIssue[] = [];
  const name = typeof value.name === 'string' ? value.name : '';
  if (value.name !== undefined && typeof value.name !== 'string') {
    issues.push(issue(['name'], t('数据名称不是一个有效的文本')));
  }
  const kind = value.kind === 'tree' || value.kind === 'list' ? value.kind : undefined;
  if (!kind) issues.push(issue(['kind'], t('类型不是一个有效的选项（list 或 tree）')));
  const items = editableOptions(value.items ?? [], ['items'], issues, t);
  if (issues.length || !kind) return { ok: false, issues };
  return { ok: true, data: { name, kind, items } };
}
