import type { SiteSettings } from '../project.js';

/** Default palette (spec 9: 6 to 9 colours, the main one starts #41B748, #2E57E4). */
export const DEFAULT_PALETTE = [
  '#41B748',
  '#2E57E4',
  '#F5A623',
  '#E8545A',
  '#8E6CEF',
  '#1FB6C1',
  '#FF8A3D',
  '#5B8FF9',
  '#A0D911',
];

/** A single-series bar's colour when nothing else is set (spec 9). */
export const BAR_COLOR = '#3256B4';

/** Colours of sentiments when the site's colorMap does not name them. */
const SENTIMENT_COLORS: Record<string, string> = {
  正面: '#41B748',
  中性: '#2E57E4',
  负面: '#E8545A',
};

/**
 * One colour per platform and per media type wherever it is drawn (pies, treemaps, series), when
 * the site's colorMap does not name it: eleven platforms do not fit a palette of six to nine
 * without two sharing a colour, or one platform changing colour with its rank. A media type has
 * its platform's colour (微博 both), so a page reads alike.
 */
export const CODE_COLORS: Readonly<Record<string, string>> = {
  Weibo: '#E8545A',
  WeChat: '#41B748',
  Douyin: '#2F3542',
  Kuaishou: '#FF8A3D',
  Red: '#EB2F96',
  Bilibili: '#1FB6C1',
  Web: '#5B8FF9',
  APP: '#2E57E4',
  BBS: '#8E6CEF',
  QA: '#A0D911',
  Dewu: '#F5A623',
  microblog: '#E8545A',
  wechat: '#41B748',
  short_video: '#2F3542',
  video: '#1FB6C1',
  news: '#2E57E4',
  note: '#EB2F96',
  forum: '#8E6CEF',
  qa: '#A0D911',
};

export interface Colors {
  palette: string[];
  /**
   * The colour of a named series or category: the site's colorMap first, then a sentiment's,
   * platform's or media type's own (not under a widget's own theme), then the palette.
   */
  of(name: string, index: number): string;
}

export function widgetColors(site: SiteSettings | undefined, theme?: string[]): Colors {
  const themed = Boolean(theme?.length);
  const palette = themed ? theme! : site?.colors.length ? site.colors : DEFAULT_PALETTE;
  const named = new Map<string, string>(Object.entries(SENTIMENT_COLORS));
  if (!themed) for (const [code, color] of Object.entries(CODE_COLORS)) named.set(code, color);
  for (const { name, value } of site?.colorMap ?? []) named.set(name, value);
  return {
    palette,
    of: (name, index) => named.get(name) ?? palette[index % palette.length]!,
  };
}
