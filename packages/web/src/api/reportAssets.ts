import {
  namedTheme,
  reportImage,
  type NamedTheme,
  type ReportImage,
  type SaveThemeRequest,
} from '@yuqing/core';
import { z } from 'zod';
import { apiUrl, request } from './client';

const themeList = z.object({ list: z.array(namedTheme) });

/** `POST /report/imgs`: one image, sent as a base64 data URL. */
export function uploadReportImage(name: string, data: string): Promise<ReportImage> {
  return request('/report/imgs', reportImage, { method: 'POST', body: { name, data } });
}

/** Where a report image of the project is shown from. */
export function reportImageUrl(id: string): string {
  return apiUrl(`/report/imgs/${encodeURIComponent(id)}`);
}

/** `GET /report/theme`: the built-in themes and the project's own. */
export async function fetchReportThemes(): Promise<NamedTheme[]> {
  return (await request('/report/theme', themeList)).list;
}

/** `POST /report/theme`: keeps a theme under a name for the project's reports. */
export function saveReportTheme(body: SaveThemeRequest): Promise<NamedTheme> {
  return request('/report/theme', namedTheme, { method: 'POST', body });
}
