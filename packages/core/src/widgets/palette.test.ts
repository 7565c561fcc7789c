import { describe, expect, it } from 'vitest';
import { MEDIA_PLATFORMS } from '../constants.js';
import { CODE_COLORS, widgetColors } from './palette.js';

describe('widgetColors', () => {
  const site = { colors: ['#111111', '#222222', '#333333'], colorMap: [] } as never;

  it('gives each platform one colour of its own, whatever its rank in a chart', () => {
    const colors = widgetColors(site);
    const platformColors = MEDIA_PLATFORMS.map((code, rank) => colors.of(code, rank));
    expect(new Set(platformColors).size).toBe(MEDIA_PLATFORMS.length);
    expect(colors.of('Weibo', 0)).toBe(colors.of('Weibo', 7));
    // A media type has its platform's colour.
    expect(colors.of('microblog', 3)).toBe(colors.of('Weibo', 0));
    expect(colors.of('video', 1)).not.toBe(colors.of('microblog', 1));
  });

  it('lets the site name a colour, and a widget’s own theme colour by rank', () => {
    const named = widgetColors({
      colors: [],
      colorMap: [{ name: 'Weibo', value: '#000000' }],
    } as never);
    expect(named.of('Weibo', 0)).toBe('#000000');
    expect(named.of('Douyin', 0)).toBe(CODE_COLORS.Douyin);
    const themed = widgetColors(site, ['#ABCDEF', '#FEDCBA']);
    expect(themed.of('Weibo', 1)).toBe('#FEDCBA');
    // Names that are no code keep the palette by rank.
    expect(widgetColors(site).of('星河汽车', 1)).toBe('#222222');
  });
});
