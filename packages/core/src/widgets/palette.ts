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

export interface Colors {
  palette: string[];
  /** The colour of a named series or category: the site's colorMap first, then the palette. */
  of(name: string, index: number): string;
}

export function widgetColors(site: SiteSettings | undefined, theme?: string[]): Colors {
  const palette = theme?.length ? theme : site?.colors.length ? site.colors : DEFAULT_PALETTE;
  const named = new Map<string, string>(Object.entries(SENTIMENT_COLORS));
  for (const { name, value } of site?.colorMap ?? []) named.set(name, value);
  return {
    palette,
    of: (name, index) => named.get(name) ?? palette[index % palette.length]!,
  };
}
