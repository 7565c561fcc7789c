import type { Report, ReportTheme } from '@yuqing/core';

interface ChartTexts {
  top_text: string;
  footer_text: string;
}

/** What the report editor's form holds: what `POST /report` with an id may change. */
export interface EditorValues {
  title: string;
  desc: string;
  header_text: string;
  header_img: string | null;
  logo_img: string | null;
  theme: ReportTheme;
  aggsText: Record<string, ChartTexts>;
}

/** The form's values for `report` as it is. */
export function editorValues(report: Report): EditorValues {
  const { title, desc, header_text, header_img, logo_img, theme } = report;
  const aggsText = Object.fromEntries(
    report.charts.map((chart) => {
      const snapshot = report.aggsData[chart.i];
      const texts = {
        top_text: snapshot?.top_text ?? '',
        footer_text: snapshot?.footer_text ?? '',
      };
      return [chart.i, texts];
    }),
  );
  return { title, desc, header_text, header_img, logo_img, theme, aggsText };
}
