import { TEMPLATE_MAX_BYTES, TEMPLATE_MESSAGES, type TemplateKind } from '@yuqing/core';
import { currentT } from '../../i18n/useT';

/** Why the server would refuse `file` as a template of `kind`, checked before it is read. */
export function templateFileRefusal(
  kind: TemplateKind,
  file: { name: string; size: number },
): string | undefined {
  if (!file.name.toLowerCase().endsWith(`.${kind}`)) return TEMPLATE_MESSAGES[kind];
  if (file.size > TEMPLATE_MAX_BYTES) return TEMPLATE_MESSAGES.tooLarge;
  return undefined;
}

/** The template's name when none is typed: the file's, without its extension, at most 50. */
export function templateNameOf(fileName: string): string {
  const t = currentT();
  return (
    fileName
      .replace(/\.[^.]+$/, '')
      .trim()
      .slice(0, 50) || t('模板')
  );
}

/** The file as a base64 data URL, the form the upload routes take. */
export function readTemplateFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(TEMPLATE_MESSAGES.unreadable));
    reader.readAsDataURL(file);
  });
}
