import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { post as postSchema, type Post } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import {
  POST_COLUMNS,
  encodePostRows,
  neutralised,
  rowContext,
  writeEncodedPostsFile,
  writePostsFile,
} from './posts-file.js';

const context = { timeZone: 'Asia/Shanghai', labels: new Map([['Weibo', '微博']]) };
const heading = { title: '项目 - 信息列表', range: 'r', filters: ['情感倾向：负面'], madeAt: 'm' };
const hostile = postSchema.parse({
  _id: 'a',
  created: Date.UTC(2024, 0, 1, 4),
  media_platform: 'Weibo',
  author: '=HYPERLINK("http://evil","x")',
  title: '+1 开头的标题',
  text: '@SUM(1,2) 正文, 带逗号 "引号"',
  uri: 'https://weibo.com/1',
  tendency: '负面',
  engagement_num: 12,
});

async function* batches(posts: Post[], size: number) {
  for (let i = 0; i < posts.length; i += size) yield posts.slice(i, i + size);
}

describe('neutralised', () => {
  it('prefixes what a spreadsheet would run as a formula, and nothing else', () => {
    for (const text of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])
      expect(neutralised(text)).toBe(`'${text}`);
    expect(neutralised('正文=1')).toBe('正文=1');
    expect(neutralised(-3)).toBe(-3);
  });
});

describe('writePostsFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'posts-file-'));

  it('writes CSV with a BOM, the header, quoted fields and formulas neutralised', async () => {
    const path = join(dir, 'a.csv');
    const seen: number[] = [];
    const rows = await writePostsFile('csv', path, batches([hostile], 1), heading, context, (n) => {
      seen.push(n);
    });
    expect(rows).toBe(1);
    expect(seen.at(-1)).toBe(1);
    const text = readFileSync(path, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, line] = text.slice(1).split('\r\n');
    expect(header).toBe(POST_COLUMNS.map((c) => c.header).join(','));
    expect(line).toContain('2024-01-01 12:00:00,微博,');
    expect(line).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(line).toContain(`'+1 开头的标题`);
    expect(line).toContain(`"'@SUM(1,2) 正文, 带逗号 ""引号"""`);
  });

  it('writes xlsx: the query sheet, then every post as text and number cells', async () => {
    const path = join(dir, 'a.xlsx');
    const posts = Array.from({ length: 450 }, (_, i) => ({ ...hostile, _id: String(i) }));
    const seen: number[] = [];
    const rows = await writePostsFile('xlsx', path, batches(posts, 100), heading, context, (n) => {
      seen.push(n);
    });
    expect(rows).toBe(450);
    expect(seen).toEqual([100, 200, 300, 400, 450]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const about = workbook.getWorksheet('查询条件')!;
    expect(about.getRow(4).getCell(2).value).toBe('情感倾向：负面');
    const sheet = workbook.getWorksheet('文章')!;
    expect(sheet.rowCount).toBe(451);
    const row = sheet.getRow(2);
    expect(row.getCell(5).value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(row.getCell(5).formula).toBeUndefined();
    expect(row.getCell(8).value).toBe('https://weibo.com/1');
    expect(row.getCell(12).value).toBe(12);
  });

  it("goes on past a sheet's row limit in 文章 (2), the header repeated, the posts in order", async () => {
    const path = join(dir, 'split.xlsx');
    const posts = Array.from({ length: 25 }, (_, i) => ({ ...hostile, _id: `p${i}` }));
    const rows = await writePostsFile('xlsx', path, batches(posts, 4), heading, context, () => {}, {
      sheetRows: 11,
    });
    expect(rows).toBe(25);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      '查询条件',
      '文章',
      '文章 (2)',
      '文章 (3)',
    ]);
    const parts = workbook.worksheets.slice(1);
    const headers = POST_COLUMNS.map((column) => column.header);
    for (const sheet of parts) expect(sheet.getRow(1).values).toEqual([undefined, ...headers]);
    const ids = parts.flatMap((sheet) =>
      sheet.getRows(2, sheet.rowCount - 1)!.map((row) => row.getCell(headers.length).value),
    );
    expect(ids).toEqual(posts.map((post) => post._id));
    expect(parts[2]!.getRow(6).getCell(5).value).toBe(`'=HYPERLINK("http://evil","x")`);
  });

  it.each(['csv', 'xlsx'] as const)(
    'a %s whose posts fail part way fails with why, its file let go without an unheard error',
    async (format) => {
      async function* failing() {
        for (let i = 0; i < 3; i++) yield Array.from({ length: 100 }, () => hostile);
        throw new Error('a listed post vanished mid-read');
      }
      const path = join(dir, `failed.${format}`);
      await expect(
        writePostsFile(format, path, failing(), heading, context, () => {}),
      ).rejects.toThrow('vanished');
      // A write still buffered when the file was let go fails after: unheard, vitest reports it.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  );

  it('fails with why when its file cannot be made', async () => {
    await expect(
      writePostsFile(
        'csv',
        join(dir, 'no-such-folder', 'a.csv'),
        batches([hostile], 1),
        heading,
        context,
        () => {},
      ),
    ).rejects.toThrow('ENOENT');
  });

  it('writes rows made out of order (by threads) in the order of their posts', async () => {
    const posts = Array.from({ length: 40 }, (_, i) => ({ ...hostile, _id: `p${i}` }));
    const rows = rowContext(context);
    const slowly = async (items: typeof posts, firstRow: number) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      return encodePostRows('xlsx', items, firstRow, rows);
    };
    const seen: number[] = [];
    const path = join(dir, 'out-of-order.xlsx');
    const written = await writeEncodedPostsFile(
      'xlsx',
      path,
      batches(posts, 3),
      heading,
      slowly,
      (n) => void seen.push(n),
      { sheetRows: 8, ahead: 4 },
    );
    expect(written).toBe(40);
    expect(seen.at(-1)).toBe(40);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const headers = POST_COLUMNS.map((column) => column.header);
    const ids = workbook.worksheets
      .slice(1)
      .flatMap((sheet) =>
        sheet.getRows(2, sheet.rowCount - 1)!.map((row) => row.getCell(headers.length).value),
      );
    expect(ids).toEqual(posts.map((post) => post._id));
  });
});
