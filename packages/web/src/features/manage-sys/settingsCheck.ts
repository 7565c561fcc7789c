import { projectSystemSettings, type ProjectSystemSettings } from '@yuqing/core';
import {
  checkWithSchema,
  type FieldIssue,
  type IssuePath,
  type SafeParser,
} from '../../forms/schemaIssues';
import { zh, type ZhText } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';

export type SettingsField = keyof ProjectSystemSettings;

/** The fields' names, shown (in messages too) through `t`. */
export const SETTINGS_LABELS: Record<SettingsField, ZhText> = {
  loginTypes: zh('登录方式'),
  scene: zh('场景'),
  icp: zh('ICP 备案号'),
  primaryColor: zh('主题色'),
  tendencies: zh('倾向'),
  medias: zh('媒体'),
  highlight_keyword: zh('高亮关键词'),
  discard_word: zh('过滤词'),
  excludePath: zh('排除路径'),
  showDownloadJobList: zh('离线下载列表'),
};

const PART_LABELS: Record<string, ZhText> = { name: zh('名称'), code: zh('代码') };

/** Names a path inside the settings for the form messages (`medias[1].code` -> '代码'). */
export function settingsLabel(path: IssuePath): string {
  const last = path[path.length - 1];
  if (typeof last === 'string') return PART_LABELS[last] ?? SETTINGS_LABELS[last as SettingsField];
  return SETTINGS_LABELS[path[0] as SettingsField] ?? '';
}

/** One message for a field: an entry's problem says which entry (第2项, or 第2行 for medias). */
function fieldMessage(field: SettingsField, issue: FieldIssue, t: Translate): string {
  const index = issue.path.find((key) => typeof key === 'number');
  const { message } = issue;
  if (typeof index !== 'number') return message;
  const values = { index: index + 1, message };
  return field === 'medias'
    ? t('第{index}行：{message}', values)
    : t('第{index}项：{message}', values);
}

/** The problems of one field's value, checked with that field's core schema. */
export function checkSettingsField(
  field: SettingsField,
  value: unknown,
  t: Translate = currentT(),
): string[] {
  const checked = checkWithSchema(
    projectSystemSettings.shape[field] as SafeParser<unknown>,
    value,
    (path) => settingsLabel([field, ...path]),
    t,
  );
  return checked.ok ? [] : checked.issues.map((issue) => fieldMessage(field, issue, t));
}

/** The whole settings, as the server checks them; issues are keyed by field. */
export function checkSettings(
  value: unknown,
  t: Translate = currentT(),
): { ok: true; data: ProjectSystemSettings } | { ok: false; errors: Map<SettingsField, string[]> } {
  const checked = checkWithSchema(projectSystemSettings, value, settingsLabel, t);
  if (checked.ok) return checked;
  const errors = new Map<SettingsField, string[]>();
  for (const issue of checked.issues) {
    const field = issue.path[0] as SettingsField;
    const local = { ...issue, path: issue.path.slice(1) };
    errors.set(field, [...(errors.get(field) ?? []), fieldMessage(field, local, t)]);
  }
  return { ok: false, errors };
}
