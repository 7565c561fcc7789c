import type { DownloadKind, ExportTemplate, TemplateKind } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchExportTemplates } from '../api/exportTemplates';

/** The templates a footer download may be made with, by download kind. */
export type TemplateChoices = Partial<Record<DownloadKind, readonly ExportTemplate[]>>;

/** Downloads that take a template, and the kind of template each takes. */
const TEMPLATE_KINDS: Partial<Record<DownloadKind, TemplateKind>> = {
  download_ppt: 'pptx',
  download_word: 'docx',
  // A PDF is drawn like the Word brief, with its templates.
  download_pdf: 'docx',
};

/**
 * The slide and Word templates of the project, read once for the downloads the page offers. A
 * list that fails to load leaves its button a plain one (the default template).
 */
export function useExportTemplates(kinds: readonly DownloadKind[]): TemplateChoices {
  const [choices, setChoices] = useState<TemplateChoices>({});
  const key = kinds.filter((kind) => TEMPLATE_KINDS[kind]).join(',');
  useEffect(() => {
    let live = true;
    for (const kind of key ? (key.split(',') as DownloadKind[]) : []) {
      fetchExportTemplates(TEMPLATE_KINDS[kind]!, { quiet: true }).then(
        (list) => live && setChoices((current) => ({ ...current, [kind]: list })),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return choices;
}
