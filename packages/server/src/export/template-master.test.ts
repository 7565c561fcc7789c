import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import { hostileTemplateFiles, templateFile, testPng } from '../../test/template-files.js';
import {
  LOGO_MAX_BYTES,
  fitLogo,
  imageSize,
  readTemplateMaster,
  readTemplateOffThread,
} from './template-master.js';

const COLORS = ['C00000', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47'];

/** The 400 message a read refuses with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Refusal);
  expect((error as Refusal).kind).toBe('invalid');
  return (error as Refusal).message;
}

describe('readTemplateMaster', () => {
  it("reads a slide template's master theme colours and its master's logo", async () => {
    const logo = testPng(200, 50);
    const master = await readTemplateMaster(
      'pptx',
      await templateFile('pptx', { colors: COLORS, logo }),
    );
    expect(master.colors).toEqual(COLORS);
    expect(master.accent).toBe('C00000');
    // lt1 is a system colour: its last value.
    expect(master.background).toBe('FAFAF0');
    expect(master.logo?.type).toBe('image/png');
    expect(master.logo?.data.equals(logo)).toBe(true);
  });

  it("reads a Word template's theme and the first header's picture", async () => {
    const logo = testPng(60, 60, '#2E9E6B');
    const master = await readTemplateMaster(
      'docx',
      await templateFile('docx', { colors: COLORS.slice(0, 3), logo }),
    );
    expect(master.colors).toEqual(COLORS.slice(0, 3));
    expect(master.logo?.data.equals(logo)).toBe(true);
  });

  it('reads a deck pptxgenjs writes (its own theme, no logo)', async () => {
    const pptx = new PptxGenJS();
    pptx.addSlide().addText('x', { x: 1, y: 1, w: 2, h: 1 });
    const file = (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
    const master = await readTemplateMaster('pptx', file);
    expect(master.colors).toHaveLength(6);
    for (const color of master.colors) expect(color).toMatch(/^[0-9A-F]{6}$/);
    expect(master.accent).toBe(master.colors[0]);
    expect(master.logo).toBeUndefined();
  });

  it('refuses a file that is no zip, of the other kind, or without a theme', async () => {
    expect(await refusal(readTemplateMaster('pptx', Buffer.from('not a zip at all')))).toBe(
      'data: 模板文件须为 .pptx',
    );
    const word = await templateFile('docx', { colors: COLORS });
    expect(await refusal(readTemplateMaster('pptx', word))).toBe('data: 模板文件须为 .pptx');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    expect(await refusal(readTemplateMaster('docx', broken))).toBe('data: 模板文件无法读取');
    const themeless = await templateFile('docx', { colors: COLORS, theme: false });
    expect(await refusal(readTemplateMaster('docx', themeless))).toContain('缺少主题');
  });

  it('stops inflating a part at its cap (a zip bomb) and leaves out a logo over 1 MB', async () => {
    const zip = await JSZip.loadAsync(await templateFile('pptx', { colors: COLORS }));
    // 16 MB of one byte deflates to about 16 KB.
    zip.file('ppt/theme/theme2.xml', Buffer.alloc(16 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusal(readTemplateMaster('pptx', bomb))).toContain('过大');

    const big = Buffer.concat([testPng(10, 10), Buffer.alloc(LOGO_MAX_BYTES)]);
    const master = await readTemplateMaster(
      'pptx',
      await templateFile('pptx', { colors: COLORS, logo: big }),
    );
    expect(master.logo).toBeUndefined();
  });

  it('reads hostile parts in one pass: answers or refuses each', async () => {
    // Parts of 256 KB: the regular expressions read before took 2 to 300 s on each of these.
    for (const kind of ['pptx', 'docx'] as const) {
      const outcomes: Record<string, string> = {};
      for (const { name, file } of await hostileTemplateFiles(kind, 256 * 1024)) {
        outcomes[name] = await readTemplateMaster(kind, file).then(
          (master) => master.accent,
          (error: Refusal) => error.message,
        );
      }
      expect(outcomes).toEqual({
        'schemes never closed': 'data: 模板主题中没有配色方案（a:clrScheme）',
        'scheme tags without an end': 'data: 模板主题中没有配色方案（a:clrScheme）',
        'colour tags without an end': 'data: 模板主题中没有配色方案（a:clrScheme）',
        // Slides fall back to theme1 (a decoy of another colour) without the master's theme.
        'relationships without an end': kind === 'pptx' ? '111111' : 'C00000',
        'a relationship of one endless name': kind === 'pptx' ? '111111' : 'C00000',
        'thousands of picture relationships': kind === 'pptx' ? '111111' : 'C00000',
        'a part inflating to 16 MB':
          kind === 'pptx'
            ? 'data: 模板文件无法读取（ppt/theme/theme2.xml 过大）'
            : 'data: 模板文件无法读取（word/theme/theme1.xml 过大）',
      });
    }
  }, 30_000);

  it('reads a template in a worker thread, logo and refusals as in this one', async () => {
    const logo = testPng(120, 40);
    const master = await readTemplateOffThread(
      'pptx',
      await templateFile('pptx', { colors: COLORS, logo }),
    );
    expect(master.colors).toEqual(COLORS);
    expect(Buffer.isBuffer(master.logo?.data)).toBe(true);
    expect(master.logo?.data.equals(logo)).toBe(true);
    const word = await templateFile('docx', { colors: COLORS });
    expect(await refusal(readTemplateOffThread('pptx', word))).toBe('data: 模板文件须为 .pptx');
  });

  it('refuses a file of too many entries', async () => {
    const zip = new JSZip();
    for (let index = 0; index < 5001; index++) zip.file(`x/${index}`, '');
    const many = await zip.generateAsync({ type: 'nodebuffer' });
    expect(await refusal(readTemplateMaster('pptx', many))).toContain('条目过多');
  });
});

describe('logo sizes', () => {
  it('reads PNG sizes and fits a logo in a box keeping its proportions', () => {
    const logo = { data: testPng(200, 50), type: 'image/png' as const };
    expect(imageSize(logo)).toEqual({ width: 200, height: 50 });
    expect(fitLogo(logo, { w: 2, h: 1 })).toEqual({ w: 2, h: 0.5 });
  });

  it('reads a JPEG size from its frame header', () => {
    // SOI, an APP0 of 16 bytes, then SOF0 of 17 bytes: 8 bits, height 30, width 90.
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Buffer.alloc(14),
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x00,
      0x1e,
      0x00,
      0x5a,
      0x03,
      ...Buffer.alloc(9),
    ]);
    expect(imageSize({ data: jpeg, type: 'image/jpeg' })).toEqual({ width: 90, height: 30 });
  });
});
