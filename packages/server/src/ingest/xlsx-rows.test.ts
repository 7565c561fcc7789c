import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
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
