import type { ExportTemplate } from '@yuqing/core';
import { badRequest } from '../errors.js';

/** The default template draws with the dashboard's own colours (`colors` empty). */
export const DEFAULT_TEMPLATE_ID = 'default';

const BUILT_IN: readonly Omit<ExportTemplate, 'accent'>[] = [
  { id: DEFAULT_TEMPLATE_ID, name: '默认（看板配色）', colors: [], background: 'FFFFFF' },
  {
    id: 'business',
    name: '商务蓝',
    colors: ['1F4E9E', '3A7BD5', '6FA8DC', 'F2A93B', '9E9E9E', '52B788'],
    background: 'FFFFFF',
  },
  {
    id: 'fresh',
    name: '清新绿',
    colors: ['2E9E6B', '7CC68D', 'F6C85F', '4C9BE8', 'E8745A', '9C88D4'],
    background: 'FAFCFA',
  },
];

const ACCENTS: Record<string, string> = { business: '1F4E9E', fresh: '2E9E6B' };

const hex = (color: string) => color.replace(/^#/, '').toUpperCase();

/** The templates a project's exports may use: the built-in ones, accented by its colour. */
export function exportTemplates(primaryColor: string): ExportTemplate[] {
  return BUILT_IN.map((template) => ({
    ...template,
    accent: ACCENTS[template.id] ?? hex(primaryColor),
  }));
}

/** A template by id (the default when none is asked); 400 naming an unknown one. */
export function exportTemplate(primaryColor: string, id: string | undefined): ExportTemplate {
  const found = exportTemplates(primaryColor).find(
    (template) => template.id === (id ?? DEFAULT_TEMPLATE_ID),
  );
  if (!found) throw badRequest(`template: 模板 ${id} 不存在`);
  return found;
}

/** Series colours of a figure under a template: the template's palette, else the dashboard's. */
export function templateColors(template: ExportTemplate, own: readonly string[]): string[] {
  if (template.colors.length === 0) return own.map(hex);
  return own.map((_, index) => hex(template.colors[index % template.colors.length]!));
}
