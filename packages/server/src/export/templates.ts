import { API_BASE, type ExportTemplate, type TemplateKind } from '@yuqing/core';
import { invalidInput } from '../refusals.js';
import type { ProjectRecord, Store, StoredTemplate } from '../store/index.js';
import type { TemplateLogo } from './template-master.js';

/** The default template draws with the dashboard's own colours (`colors` empty). */
export const DEFAULT_TEMPLATE_ID = 'default';

/** A template as an export draws it: with its logo's bytes when it has one. */
export interface DrawnTemplate extends ExportTemplate {
  logoImage?: TemplateLogo;
}

const BUILT_IN: readonly Omit<ExportTemplate, 'accent'>[] = [
  {
    id: DEFAULT_TEMPLATE_ID,
    name: '默认（看板配色）',
    colors: [],
    background: 'FFFFFF',
    builtIn: true,
  },
  {
    id: 'business',
    name: '商务蓝',
    colors: ['1F4E9E', '3A7BD5', '6FA8DC', 'F2A93B', '9E9E9E', '52B788'],
    background: 'FFFFFF',
    builtIn: true,
  },
  {
    id: 'fresh',
    name: '清新绿',
    colors: ['2E9E6B', '7CC68D', 'F6C85F', '4C9BE8', 'E8745A', '9C88D4'],
    background: 'FAFCFA',
    builtIn: true,
  },
];

const ACCENTS: Record<string, string> = { business: '1F4E9E', fresh: '2E9E6B' };

const hex = (color: string) => color.replace(/^#/, '').toUpperCase();

/** The built-in templates, accented by the project's colour. */
export function builtInTemplates(primaryColor: string): ExportTemplate[] {
  return BUILT_IN.map((template) => ({
    ...template,
    accent: ACCENTS[template.id] ?? hex(primaryColor),
  }));
}

export const isBuiltInTemplate = (id: string) => BUILT_IN.some((template) => template.id === id);

/** Where the templates of a kind are listed, uploaded and removed (spec 7 paths). */
export function templatesPath(kind: TemplateKind, project: ProjectRecord): string {
  const prefix = kind === 'pptx' ? '/customlay/tmpls' : '/api/r11zt/tmpls';
  return [prefix, project.repository, project.customerCode, project.code]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/');
}

/** An uploaded template as listed: its logo as the address it is shown from. */
export function presentTemplate(
  kind: TemplateKind,
  project: ProjectRecord,
  stored: StoredTemplate,
): ExportTemplate {
  return {
    id: stored.id,
    name: stored.name,
    colors: stored.colors,
    accent: stored.accent,
    background: stored.background,
    builtIn: false,
    createdBy: stored.createdBy,
    created: stored.createdAt.getTime(),
    ...(stored.hasLogo && {
      logo: `${API_BASE}${templatesPath(kind, project)}/logo?id=${stored.id}`,
    }),
  };
}

/** The templates a project's exports of a kind may use: the built-in ones, then its uploads. */
export async function exportTemplates(
  store: Store,
  project: ProjectRecord,
  kind: TemplateKind,
): Promise<ExportTemplate[]> {
  const uploaded = await store.exportTemplates.list(project.id, kind);
  return [
    ...builtInTemplates(project.profile.primaryColor),
    ...uploaded.map((stored) => presentTemplate(kind, project, stored)),
  ];
}

/** A template by id (the default when none is asked), with its logo; 400 naming an unknown one. */
export async function exportTemplate(
  store: Store,
  project: ProjectRecord,
  kind: TemplateKind,
  id: string | undefined,
): Promise<DrawnTemplate> {
  const wanted = id ?? DEFAULT_TEMPLATE_ID;
  const builtIn = builtInTemplates(project.profile.primaryColor).find((t) => t.id === wanted);
  if (builtIn) return builtIn;
  const found = await store.exportTemplates.find(project.id, kind, wanted);
  if (!found) throw invalidInput(`template: 模板 ${id} 不存在`);
  const { logo, ...stored } = found;
  return {
    ...presentTemplate(kind, project, stored),
    ...(logo && { logoImage: logo }),
  };
}

/** Series colours of a figure under a template: the template's palette, else the dashboard's. */
export function templateColors(template: ExportTemplate, own: readonly string[]): string[] {
  if (template.colors.length === 0) return own.map(hex);
  return own.map((_, index) => hex(template.colors[index % template.colors.length]!));
}
