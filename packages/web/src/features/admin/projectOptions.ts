import type { AdminTenancy } from '@yuqing/core';
import type { Translate } from '../../i18n/useT';
import { projectLabel } from './tenancyTree';

/** Projects for a select, labelled `客户 / 项目（编码）`; a disabled project says so. */
export function projectOptions(
  tenancy: AdminTenancy,
  t: Translate,
  exclude: ReadonlySet<string> = new Set(),
) {
  return tenancy.projects
    .filter((project) => !exclude.has(project.id))
    .map((project) => {
      const label = t('{name}（{detail}）', { name: projectLabel(project), detail: project.code });
      return {
        value: project.id,
        label: project.disabled ? t('{name} · 已停用', { name: label }) : label,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
}
