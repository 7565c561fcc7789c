import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { post as postSchema, valueLabels } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { writePostsFile } from '../export/posts-file.js';
import { chunkRecords, readChunks } from './read-records.js';
import { xlsxPostRows } from './xlsx-rows.js';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-rows-'));

async function rowsOf(path: string) {
  const rows = [];
  for await (const row of xlsxPostRows(path)) rows.push(row);
  return rows;
}

describe('xlsxPostRows', () => {
  it("reads a spreadsheet saved by Excel's own writer: shared strings, dates, rich text, formulas", async () => {
    const workbook = new ExcelJS.Workbook();
    const notes = workbook.addWorksheet('说明');
    notes.addRow(['这张表不是文章']);
    const sheet = workbook.addWorksheet('posts');
    sheet.addRow(['_id', 'created', 'media_platform', 'title', 'like_num']);
    sheet.addRow(['a', new Date(Date.UTC(2026, 10, 20, 9, 30)), 'Weibo', '标题', 3]);
    sheet.addRow([]);
    sheet.addRow([
      'b',
      '2026-11-21 08:00:00',
      'Douyin',
      { richText: [{ text: '粗' }, { text: '体' }] },
      { formula: '1+1', result: 2 },
    ]);
    const path = join(dir, 'own.xlsx');
    await workbook.xlsx.writeFile(path);

    expect(await rowsOf(path)).toEqual([
      {
        line: 2,
        cells: {
          _id: 'a',
          created: '2026-11-20 09:30:00',
          media_platform: 'Weibo',
          title: '标题',
          like_num: '3',
        },
      },
      {
        line: 4,
        cells: {
          _id: 'b',
          created: '2026-11-21 08:00:00',
          media_platform: 'Douyin',
          title: '粗体',
          like_num: '2',
        },
      },
    ]);
  });

  it('reads a posts file split past its sheet row limit as one table: every row in order, numbered as its CSV numbers them', async () => {
    const posts = Array.from({ length: 25 }, (_, i) =>
      postSchema.parse({
        _id: `p${i}`,
        created: Date.UTC(2026, 0, 1, 0, i),
        media_platform: i % 2 ? 'Weibo' : 'Douyin',
        author: i === 12 ? '=HYPERLINK("x")' : `作者${i}`,
        text: `第 ${i} 条正文`,
        tendency: '负面',
        like_num: i,
      }),
    );
    async function* once() {
      yield posts;
    }
    const heading = { title: '', range: '', filters: [], madeAt: '' };
    const context = { timeZone: 'Asia/Shanghai', labels: valueLabels(undefined) };
    const xlsx = join(dir, 'split.xlsx');
    const csv = join(dir, 'split.csv');
    // 11 rows a sheet: 文章, 文章 (2) and 文章 (3), each a header and up to 10 posts.
    await writePostsFile('xlsx', xlsx, once(), heading, context, () => {}, { sheetRows: 11 });
    await writePostsFile('csv', csv, once(), heading, context, () => {});

    const rows = await rowsOf(xlsx);
    expect(rows.map((row) => row.cells?.['帖子ID'])).toEqual(posts.map((post) => post._id));
    expect(rows.map((row) => row.line)).toEqual(posts.map((_, i) => i + 2));
    expect(rows[12]).toMatchObject({
      line: 14,
      cells: {
        发布时间: '2026-01-01 08:12:00',
        平台: '抖音',
        作者: `'=HYPERLINK("x")`,
        点赞数: '12',
      },
    });
    const csvRows = [];
    for await (const chunk of readChunks(createReadStream(csv), 'csv', 100))
      csvRows.push(...chunkRecords(chunk));
    expect(rows).toEqual(csvRows);
  });

  it("reads past a later sheet whose header is not the posts table's, leaving it out", async () => {
    const workbook = new ExcelJS.Workbook();
    const header = ['_id', 'created', 'text'];
    const first = workbook.addWorksheet('文章');
    first.addRow(header);
    first.addRow(['a', '2026-11-20 09:30:00', '甲']);
    first.addRow(['b', '2026-11-20 09:31:00', '乙']);
    const other = workbook.addWorksheet('汇总');
    other.addRow(['_id', 'created', 'like_num']);
    other.addRow(['x', '2026-11-20 10:00:00', 5]);
    const more = workbook.addWorksheet('文章 (2)');
    more.addRow(header);
    more.addRow(['c', '2026-11-20 09:32:00', '丙']);
    const path = join(dir, 'other-header.xlsx');
    await workbook.xlsx.writeFile(path);

    expect(await rowsOf(path)).toEqual([
      { line: 2, cells: { _id: 'a', created: '2026-11-20 09:30:00', text: '甲' } },
      { line: 3, cells: { _id: 'b', created: '2026-11-20 09:31:00', text: '乙' } },
      { line: 4, cells: { _id: 'c', created: '2026-11-20 09:32:00', text: '丙' } },
    ]);
  });

  it('names what is missing when no sheet has a header of post columns', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('表1').addRow(['姓名', '电话']);
    const path = join(dir, 'other.xlsx');
    await workbook.xlsx.writeFile(path);
    await expect(rowsOf(path)).rejects.toThrow('xlsx: 没有文章表');
  });

  it('refuses a file that is no zip at all', async () => {
    const path = join(dir, 'text.xlsx');
    writeFileSync(path, '_id,created\na,2026-11-20\n');
    await expect(rowsOf(path)).rejects.toThrow();
  });
});
