import {
  EXPORT_TEMPLATE_CALLS,
  parseProjectPath,
  type ExportTemplate,
  type TemplateKind,
  type UploadTemplateRequest,
} from '@yuqing/core';
import { call } from './call';

/**
 * The page's project, which a template call names in its path (`/customlay/tmpls/{repository}/
 * {customer}/{project}` or its Word twin). Off a project page it names none, and is refused.
 */
function templateParams() {
  const location = parseProjectPath(window.location.pathname);
  return {
    repository: location?.repository ?? '',
    customer: location?.customer ?? '',
    project: location?.project ?? '',
  };
}

/** The templates exports of a kind may use: the built-in ones, then the project's uploads. */
export function fetchExportTemplates(
  kind: TemplateKind,
  options: { quiet?: boolean } = {},
): Promise<ExportTemplate[]> {
  return call(EXPORT_TEMPLATE_CALLS[kind].list, { params: templateParams() }, options);
}

/** Uploads a .pptx or .docx (project admins): the server keeps its theme colours and logo. */
export function uploadExportTemplate(
  kind: TemplateKind,
  body: UploadTemplateRequest,
): Promise<ExportTemplate> {
  return call(
    EXPORT_TEMPLATE_CALLS[kind].upload,
    { params: templateParams(), body },
    { timeout: 'download' },
  );
}

export async function removeExportTemplate(kind: TemplateKind, id: string): Promise<void> {
  await call(EXPORT_TEMPLATE_CALLS[kind].remove, { params: templateParams(), query: { id } });
}
