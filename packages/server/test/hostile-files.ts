import { randomBytes } from 'node:crypto';
import { REPORT_IMAGE_MAX_BYTES } from '@yuqing/core';
import JSZip from 'jszip';
import { dataUrl, hostileTemplateFiles } from './template-files.js';

/** A file an attacker could upload, as the upload route takes it, and what it is made to cost. */
export interface HostileFile {
  name: string;
  body: object;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;

/** Report images (POST /report/imgs): the largest allowed, one byte more, lies and junk. */
export async function hostileReportImages(): Promise<HostileFile[]> {
  const noise = Buffer.concat([PNG, randomBytes(REPORT_IMAGE_MAX_BYTES - PNG.length)]);
  // The template whose part inflates to 16 MB (the others made small: only the bomb is used).
  const [bomb] = (await hostileTemplateFiles('pptx', 1024)).slice(-1);
  const webp = Buffer.concat([
    Buffer.from('RIFF\xff\xff\xff\xffWEBPVP8X', 'latin1'),
    Buffer.alloc(64, 0xff),
  ]);
  const base64Run = 'A'.repeat(Math.ceil((REPORT_IMAGE_MAX_BYTES * 4) / 3) - 1);
  return [
    { name: 'a PNG of 2 MB of noise', body: { name: '噪声', data: dataUrl(noise, 'image/png') } },
    {
      name: 'one byte over 2 MB',
      body: {
        name: '过大',
        data: dataUrl(Buffer.concat([noise, PNG.subarray(0, 1)]), 'image/png'),
      },
    },
    { name: 'a PNG declared as a GIF', body: { name: '冒充', data: dataUrl(noise, 'image/gif') } },
    {
      name: 'a zip bomb called a PNG',
      body: { name: '炸弹', data: dataUrl(bomb!.file, 'image/png') },
    },
    {
      name: 'a WebP header claiming the largest canvas',
      body: { name: '巨幅', data: dataUrl(webp, 'image/webp') },
    },
    {
      name: 'base64 of 2.8 MB ending in a character base64 has not',
      body: { name: '坏码', data: `data:image/png;base64,${base64Run}!` },
    },
    {
      name: 'a data URL whose type runs on for 2.8 MB',
      body: { name: '长类型', data: `data:${'a'.repeat(base64Run.length)}` },
    },
  ];
}

/**
 * Rules CSV files (PUT /tags-api/rules/csv) of up to `size` characters (1 MB unless given) that
 * cost a reader the most, and a valid one of 0.7 MB.
 */
export function hostileRulesCsvs(size = MB): HostileFile[] {
  const csv = (name: string, text: string): HostileFile => ({ name, body: { csv: text } });
  const brands = Array.from(
    { length: 4_000 },
    (_, i) => `brand,品牌${i},/品牌/组${i % 100}/品牌${i},,品牌${i}甲|品牌${i}乙|品牌${i}丙`,
  );
  const products = Array.from(
    { length: 12_000 },
    (_, i) => `product,产品${i},,品牌${i % 4_000},产品${i}款|P${i}X`,
  );
  return [
    csv('a quote never closed, then the rest', `kind,name\nbrand,"${'x'.repeat(size)}`),
    csv('a header of commas alone', `${','.repeat(size / 4)}\n`),
    csv('a row of commas alone', `kind,name\n${','.repeat(size / 4)}`),
    csv('a rule word of the whole size', `kind,name\nnegation,${'不'.repeat(size)}`),
    csv('a field of doubled quotes', `kind,name\nbrand,"${'""'.repeat(size / 2)}"`),
    csv('lines of one character, without a kind', `name\n${'x\n'.repeat(size / 20)}`),
    csv('NUL and an unpaired surrogate', `kind,name\nnegation,\u0000\ud800`),
    csv(
      '4,000 brands and 12,000 products (0.7 MB), all valid',
      `kind,name,path,brand,words\n${[...brands, ...products].join('\n')}`,
    ),
    csv(
      '40,000 brands, past the most a project may have',
      `kind,name,path\n${'brand,x,/x\n'.repeat(40_000)}`,
    ),
  ];
}

/** An xlsx holding `sheet` as its one worksheet's XML (rows after a header of post columns). */
async function xlsxOf(sheet: string, workbook = true): Promise<Buffer> {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const zip = new JSZip();
  if (workbook) {
    zip.file(
      'xl/workbook.xml',
      `<workbook xmlns="${ns}" xmlns:r="${rels}"><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    zip.file(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    );
  }
  const header =
    '<row r="1"><c t="inlineStr"><is><t>_id</t></is></c><c t="inlineStr"><is><t>created</t></is></c></row>';
  zip.file('xl/worksheets/sheet1.xml', `<worksheet xmlns="${ns}"><sheetData>${header}${sheet}`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * xlsx files for the posts import: junk, parts missing, a cell inflating to 64 MB, bad XML (each
 * refused whole), and a cell naming a shared string that is not there (a bad row: it fails alone).
 */
export async function hostileXlsxFiles(): Promise<
  { name: string; file: Buffer; refused: boolean }[]
> {
  return [
    { name: 'random bytes', file: randomBytes(64 * 1024), refused: true },
    {
      name: 'a zip without a workbook',
      file: await xlsxOf('</sheetData></worksheet>', false),
      refused: true,
    },
    {
      name: 'a cell that inflates to 64 MB',
      file: await xlsxOf(`<row r="2"><c t="inlineStr"><is><t>${'星'.repeat(32 * MB)}`),
      refused: true,
    },
    {
      name: 'a sheet cut off inside a tag',
      file: await xlsxOf('<row r="2"><c t="inlineStr"><is><t>a</t></is></c><c r="B2" t="s'),
      refused: true,
    },
    {
      name: 'a shared string index past the table',
      file: await xlsxOf(
        '<row r="2"><c t="inlineStr"><is><t>x</t></is></c><c r="B2" t="s"><v>99999999</v></c></row></sheetData></worksheet>',
      ),
      refused: false,
    },
  ];
}
