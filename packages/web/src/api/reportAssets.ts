import {
  REPORT_IMAGE_CALLS,
  REPORT_THEME_CALLS,
  type NamedTheme,
  type ReportImage,
  type SaveThemeRequest,
} from '@yuqing/core';
import { call, callUrl } from './call';

/** `POST /report/imgs`: one image, sent as a base64 data URL. */
export function uploadReportImage(name: string, data: string): Promise<ReportImage> {
  return call(REPORT_IMAGE_CALLS.upload, { body: { name, data } });
}

/** Where a report image of the project is shown from. */
export function reportImageUrl(id: string): string {
  return callUrl(REPORT_IMAGE_CALLS.image, { params: { id } });
}

/** `GET /report/theme`: the built-in themes and the project's own. */
export async function fetchReportThemes(): Promise<NamedTheme[]> {
  return (await call(REPORT_THEME_CALLS.list)).list;
}

/** `POST /report/theme`: keeps a theme under a name for the project's reports. */
export function saveReportTheme(body: SaveThemeRequest): Promise<NamedTheme> {
  return call(REPORT_THEME_CALLS.save, { body });
}
