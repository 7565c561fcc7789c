import JSZip from 'jszip';
import { chart, type Chart } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { buildDeck } from './deck.js';
import type { ExportPage, ExportWidget } from './export-page.js';
import type { Figure } from './figures.js';
import { builtInTemplates } from './templates.js';

const chartOf = (i: string, type: Chart['type'], options: Record<string, unknown> = {}) =>
  chart.parse({ i, type, title: i, x: 0, y: 0, w: 24, h: 10, options });

const widget = (
  i: string,
  type: Chart['type'],
  figure: Figure,
  texts: Partial<ExportWidget> = {},
): ExportWidget => ({ chart: chartOf(i, type), title: `标题${i}`, figure, ...texts });

function page(widgets: ExportWidget[]): ExportPage {
  return {
    projectName: '星河汽车',
    pageTitle: '概览',
    range: '2026/10/29 – 2026/11/27',
    filters: [],
    madeAt: '2026-11-27 10:00:00',
    widgets,
    template: builtInTemplates('#2E57E4')[0]!,
  };
}

/** Each slide's XML, in order. */
async function slides(deck: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(deck);
  const names = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  return Promise.all(names.map((name) => zip.file(name)!.async('string')));
}

/** The attributes of the run that holds `text`, and its colour. */
function runOf(xml: string, text: string) {
  const at = xml.indexOf(`<a:t>${text}</a:t>`);
  expect(at, `${text} is on the slide`).toBeGreaterThan(-1);
  const start = xml.lastIndexOf('<a:r>', at);
  return xml.slice(start, at);
}

describe('buildDeck', () => {
  it('colours a change by whether it is good news, and keeps a long number on one line', async () => {
    const numbers: Figure = {
      kind: 'numbers',
      items: [
        { label: '声量', value: '19,447,805', change: '+12.00%', tone: 'good' },
        { label: '负面声量', value: '812', change: '-48.91%', tone: 'good' },
        { label: '负面占比', value: '9.10%', change: '+30.68%', tone: 'bad' },
        { label: '正面声量', value: '1,024', tone: 'neutral' },
      ],
    };
    const [, cards] = await slides(
      await buildDeck(page([widget('w1', 'statistics-card', numbers)])),
    );
    expect(runOf(cards!, '环比 -48.91%')).toContain('srgbClr val="41B748"');
    expect(runOf(cards!, '环比 +12.00%')).toContain('srgbClr val="41B748"');
    expect(runOf(cards!, '环比 +30.68%')).toContain('srgbClr val="E8545A"');
    expect(runOf(cards!, '19,447,805')).toContain('sz="2200"');
    expect(runOf(cards!, '812')).toContain('sz="2800"');
  });

  it('shows a report’s texts above and below its widget', async () => {
    const note: Figure = { kind: 'table', columns: ['平台', '声量'], rows: [['微博', '10']] };
    const [, slide] = await slides(
      await buildDeck(
        page([
          widget('w1', 'm-table', note, {
            topText: '图表上方的说明',
            footerText: '数据来源：全网',
          }),
        ]),
      ),
    );
    expect(slide).toContain('<a:t>图表上方的说明</a:t>');
    expect(slide).toContain('<a:t>数据来源：全网</a:t>');
  });

  it('puts a banner on the title slide instead of a slide of its own', async () => {
    const banner = widget('w0', 'landing-page', { kind: 'note', text: '星河汽车品牌舆情周报' });
    const table: Figure = { kind: 'table', columns: ['平台'], rows: [['微博']] };
    const deck = await slides(await buildDeck(page([banner, widget('w1', 'm-table', table)])));
    expect(deck).toHaveLength(2);
    expect(deck[0]).toContain('星河汽车品牌舆情周报');
    expect(deck[1]).toContain('<a:t>标题w1</a:t>');
  });
});
