import { projectSystemSettings, type ProjectSystemSettings } from '@yuqing/core';
import {
  checkWithSchema,
  type FieldIssue,
  type IssuePath,
  type SafeParser,
} from '../data/schemaIssues';

export type SettingsField = keyof ProjectSystemSettings;

export const SETTINGS_LABELS: Record<SettingsField, string> = {
  loginTypes: '登录方式',
  scene: '场景',
  icp: 'ICP 备案号',
  primaryColor: '主题色',
  tendencies: '倾向',
  medias: '媒体',
  highlight_keyword: '高亮关键词',
  discard_word: '过滤词',
  excludePath: '排除路径',
  showDownloadJobList: '离线下载列表',
};

const PART_LABELS: Record<string, string> = { name: '名称', code: '代码' };

/** Names a path inside the settings for the form messages (`medias[1].code` -> '代码'). */
export function settingsLabel(path: IssuePath): string {
  const last = path[path.length - 1];
  if (typeof last === 'string') return PART_LABELS[last] ?? SETTINGS_LABELS[last as SettingsField];
  return SETTINGS_LABELS[path[0] as SettingsField] ?? '';
}

/** One message for a field: an entry's problem says which entry (第2项, or 第2行 for medias). */
function fieldMessage(field: SettingsField, issue: FieldIssue): string {
  const index = issue.path.find((key) => typeof key === 'number');
  if (typeof index !== 'number') return issue.message;
  return `${field === 'medias' ? `第${index + 1}行` : `第${index + 1}项`}：${issue.message}`;
}

/** The problems of one field's value, checked with that field's core schema. */
export function checkSettingsField(field: SettingsField, value: unknown): string[] {
  const checked = checkWithSchema(
    projectSystemSettings.shape[field] as SafeParser<unknown>,
    value,
    (path) => settingsLabel([field, ...path]),
  );
  return checked.ok ? [] : checked.issues.map((issue) => fieldMessage(field, issue));
}

/** The whole settings, as the server checks them; issues are keyed by field. */
export function checkSettings(
  value: unknown,
): { ok: true; data: ProjectSystemSettings } | { ok: false; errors: Map<SettingsField, string[]> } {
  const checked = checkWithSchema(projectSystemSettings, value, settingsLabel);
  if (checked.ok) return checked;
  const errors = new Map<SettingsField, string[]>();
  for (const issue of checked.issues) {
    const field = issue.path[0] as SettingsField;
    const local = { ...issue, path: issue.path.slice(1) };
    errors.set(field, [...(errors.get(field) ?? []), fieldMessage(field, local)]);
  }
  return { ok: false, errors };
}
