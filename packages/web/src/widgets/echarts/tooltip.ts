/**
 * ECharts writes what a tooltip formatter function returns into the page as HTML. Its own
 * default tooltip and string templates escape names (echarts' `encodeHTML`); a function does not.
 * So every tooltip formatter builds its HTML here, where all text is escaped: imported post
 * values (platforms, topic paths, words, authors) are data, never markup.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML that shows it literally. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export interface TooltipContent {
  /** The first line, in bold. */
  title: string;
  /**
   * ECharts' colour dot before the title: `params.marker`, markup ECharts builds itself from
   * the series colour (which it escapes), so it goes in as it is.
   */
  marker?: string;
  /** Further lines. */
  lines?: readonly string[];
}

/** A tooltip's HTML: the escaped title and lines, one per row. */
export function tooltipHtml({ title, marker = '', lines = [] }: TooltipContent): string {
  return [`${marker}<b>${escapeHtml(title)}</b>`, ...lines.map(escapeHtml)].join('<br/>');
}
