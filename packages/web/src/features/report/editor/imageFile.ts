import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGE_TYPES } from '@yuqing/core';
import { zh, type ZhText } from '../../../i18n/translateText';

const TYPES: readonly string[] = REPORT_IMAGE_TYPES;

/**
 * Why the server would refuse `file` as a report image, checked before it is read and sent (a
 * text of the locales: shown through `t`).
 */
export function imageRefusal(file: { type: string; size: number }): ZhText | undefined {
  if (!TYPES.includes(file.type)) return zh('图片须为 PNG、JPEG、GIF 或 WebP');
  if (file.size > REPORT_IMAGE_MAX_BYTES) return zh('图片不能超过 2 MB');
  return undefined;
}

/** The file as a base64 data URL, the form `POST /report/imgs` takes. */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(zh('图片读取失败')));
    reader.readAsDataURL(file);
  });
}
