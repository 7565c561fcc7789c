import {
  exportTemplate,
  parseProjectPath,
  type ExportTemplate,
  type TemplateKind,
  type UploadTemplateRequest,
} from '@yuqing/core';
import { z } from 'zod';
import { noData, request } from './client';

const templateList = z.array(exportTemplate);

/** `/customlay/tmpls/{repository}/{customer}/{project}` or its Word twin, for the page's project. */
function templatesPath(kind: TemplateKind): string {
  const location = parseProjectPath(window.location.pathname);
  const prefix = kind === 'pptx' ? '/customlay/tmpls' : '/api/r11zt/tmpls';
  if (!location) return prefix;
  return [prefix, location.repository, location.customer, location.project]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/');
}

/** The templates exports of a kind may use: the built-in ones, then the project's uploads. */
export function fetchExportTemplates(
  kind: TemplateKind,
  options: { quiet?: boolean } = {},
): Promise<ExportTemplate[]> {
  return request(templatesPath(kind), templateList, options);
}

/** Uploads a .pptx or .docx (project admins): the server keeps its theme colours and logo. */
export function uploadExportTemplate(
  kind: TemplateKind,
  body: UploadTemplateRequest,
): Promise<ExportTemplate> {
  return request(templatesPath(kind), exportTemplate, {
    method: 'POST',
    body,
    timeout: 'download',
  });
}

export function removeExportTemplate(kind: TemplateKind, id: string): Promise<undefined> {
  return request(templatesPath(kind), noData, { method: 'DELETE', params: { id } });
}
