import type { AdminTenancy } from '@yuqing/core';
import { projectLabel } from './tenancyTree';

/** Projects for a select, labelled `客户 / 项目（编码）`; a disabled project says so. */
export function projectOptions(tenancy: AdminTenancy, exclude: ReadonlySet<string> = new Set()) {
  return tenancy.projects
    .filter((project) => !exclude.has(project.id))
    .map((project) => ({
      value: project.id,
      label: `${projectLabel(project)}（${project.code}）${project.disabled ? ' · 已停用' : ''}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));
}
