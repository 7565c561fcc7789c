import type { NameValue } from '@yuqing/core';

const MIN_FONT = 12;
const MAX_FONT = 48;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Approximate advance of a text: CJK glyphs are square, Latin ones about half as wide. */
const textWidth = (text: string, size: number) =>
  [...text].reduce((sum, c) => sum + (c.charCodeAt(0) > 0x2e80 ? size : size * 0.58), 0);

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * A word cloud as SVG: the heaviest words largest, placed along a spiral from the centre where
 * they do not overlap; words that find no room are left out. (echarts-wordcloud lays out on a
 * browser canvas, which the server has not.)
 */
export function wordCloudSvg(
  words: readonly NameValue[],
  colors: readonly string[],
  width: number,
  height: number,
  fontFamily: string,
): string {
  const sorted = [...words].filter((w) => w.value > 0).sort((a, b) => b.value - a.value);
  const max = sorted[0]?.value ?? 1;
  const min = sorted[sorted.length - 1]?.value ?? 0;
  const placed: Box[] = [];
  const texts: string[] = [];
  sorted.forEach((word, index) => {
    const weight = max === min ? 1 : (word.value - min) / (max - min);
    const size = Math.round(MIN_FONT + Math.sqrt(weight) * (MAX_FONT - MIN_FONT));
    const w = textWidth(word.name, size) + 4;
    const h = size * 1.15;
    for (let step = 0; step < 1500; step++) {
      const angle = step * 0.35;
      const radius = step * 0.9;
      const box = {
        x: width / 2 + radius * Math.cos(angle) * 1.4 - w / 2,
        y: height / 2 + radius * Math.sin(angle) - h / 2,
        w,
        h,
      };
      if (box.x < 0 || box.y < 0 || box.x + w > width || box.y + h > height) continue;
      if (placed.some((other) => overlaps(box, other))) continue;
      placed.push(box);
      texts.push(
        `<text x="${(box.x + 2).toFixed(1)}" y="${(box.y + size).toFixed(1)}" font-size="${size}" fill="${colors[index % colors.length]}">${escapeXml(word.name)}</text>`,
      );
      return;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${texts.join('')}</svg>`
  );
}
