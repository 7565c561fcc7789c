import { z } from 'zod';

/** What an uploaded export template shapes: slide decks or Word briefs. */
export const TEMPLATE_KINDS = ['pptx', 'docx'] as const;
export const templateKind = z.enum(TEMPLATE_KINDS);
export type TemplateKind = z.infer<typeof templateKind>;

/** The largest template file taken, decoded. */
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;

/** Uploaded templates a project may keep of each kind. */
export const TEMPLATE_MAX_PER_KIND = 20;

export const TEMPLATE_MESSAGES = {
  pptx: '模板文件须为 .pptx',
  docx: '模板文件须为 .docx',
  tooLarge: '模板文件不能超过 10 MB',
  unreadable: '模板文件无法读取',
} as const;

const DATA_URL = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** The bytes a base64 body decodes to, without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** `POST /customlay/tmpls/…` and `/api/r11zt/tmpls/…`: a .pptx or .docx as a base64 data URL. */
export const uploadTemplateRequest = z.object({
  name: z.string().trim().min(1, '请输入模板名称').max(50, '模板名称不能超过 50 个字'),
  data: z
    .string()
    .max(Math.ceil((TEMPLATE_MAX_BYTES * 4) / 3) + 200, TEMPLATE_MESSAGES.tooLarge)
    .regex(DATA_URL, TEMPLATE_MESSAGES.unreadable)
    .refine(
      (data) => base64Bytes(data.slice(data.indexOf(',') + 1)) <= TEMPLATE_MAX_BYTES,
      TEMPLATE_MESSAGES.tooLarge,
    ),
});
export type UploadTemplateRequest = z.infer<typeof uploadTemplateRequest>;

/** `DELETE /customlay/tmpls/…?id=` and its Word twin: an uploaded template (built-in ones stay). */
export const removeTemplateRequest = z.object({
  id: z.string().min(1, '请指定模板').max(64),
});
export type RemoveTemplateRequest = z.infer<typeof removeTemplateRequest>;
