import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chart, type Chart } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportPage, ExportWidget } from '../export-page.js';
import type { Figure } from '../figures.js';
import { builtInTemplates } from '../templates.js';
import { buildPdf } from './document.js';

const chartOf = (i: string, type: Chart['type']) =>
  chart.parse({ i, type, title: i, x: 0, y: 0, w: 24, h: 10, options: {} });

const widget = (i: string, type: Chart['type'], title: string, figure: Figure): ExportWidget => ({
  chart: chartOf(i, type),
  title,
  figure,
});

/** A page like the demo's overview, with a ranking long enough to run onto further pages. */
const demoLikePage: ExportPage = {
  projectName: '星河汽车',
  pageTitle: '舆情概览',
  range: '2026/10/29 00:00 – 2026/11/27 23:59',
  filters: ['平台：微博、微信', '情感：负面'],
  madeAt: '2026-11-27 10:00',
  template: builtInTemplates('#2E57E4')[0]!,
  widgets: [
    widget('w1', 'statistics-card', '核心指标', {
      kind: 'numbers',
      items: [
        { label: '声量', value: '19,447', change: '+12.00%', tone: 'good' },
        { label: '负面声量', value: '812', change: '-48.91%', tone: 'good' },
      ],
    }),
    widget('w2', 'bar', '媒体平台分布', {
      kind: 'chart',
      chart: 'bar',
      labels: ['微博', '微信', '抖音', '新闻'],
      series: [{ name: '声量', values: [1200, 800, 600, 300] }],
      colors: ['#2E57E4'],
      stacked: false,
      horizontal: false,
      showLegend: false,
    }),
    widget('w3', 'm-table', '活跃作者', {
      kind: 'table',
      columns: ['排名', '作者', '声量'],
      rows: Array.from({ length: 90 }, (_, i) => [`${i + 1}`, `作者${i + 1}号`, `${900 - i}`]),
    }),
    widget('w4', 'search-post', '最新信息', {
      kind: 'posts',
      total: 3000,
      posts: [
        {
          title: '星河汽车发布新款电动车',
          url: 'https://example.com/1',
          meta: '2026-11-26 09:00 · 微博 · 汽车观察',
          text: '续航提升明显，充电更快。🙂',
        },
      ],
    }),
  ],
};

/** The text of each page of a PDF, as pdftotext reads it. */
function pagesOf(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((text) => text.trim());
}

describe('buildPdf', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'yuqing-pdf-'));
    file = join(dir, 'page.pdf');
    writeFileSync(file, await buildPdf(demoLikePage));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the title, the range and the filters on the first page', () => {
    const [first] = pagesOf(file);
    expect(first).toContain('星河汽车 · 舆情概览');
    expect(first).toContain('时间范围：2026/10/29 00:00 – 2026/11/27 23:59');
    expect(first).toContain('筛选条件：平台：微博、微信；情感：负面');
  });

  it('embeds the CJK font as a subset', () => {
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/\+WenQuanYiMicroHei\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('draws chart labels as text, and leaves out what the font has no glyph for', () => {
    const text = pagesOf(file).join('\n');
    for (const label of ['微博', '微信', '抖音', '新闻']) expect(text).toContain(label);
    expect(text).toContain('续航提升明显，充电更快。');
    expect(text).not.toContain('🙂');
  });

  it('numbers every page and repeats a table’s header row on every page it continues onto', () => {
    const pages = pagesOf(file);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, index) =>
      expect(text).toContain(`第 ${index + 1} 页，共 ${pages.length} 页`),
    );
    const withRows = pages.filter((text) => /作者\d+号/.test(text));
    expect(withRows.length).toBeGreaterThan(1);
    for (const text of withRows) expect(text).toMatch(/排名\s+作者\s+声量/);
    expect(pages.join('\n')).toContain('作者90号');
  });
});
