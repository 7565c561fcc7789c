import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { rowXml, sheetPieces, writeXlsx, type Cell, type WriteEncodedRows } from './xlsx-stream.js';

/** Writes `rows` one at a time, each numbered for the sheet part it falls on. */
async function writeRows(writeEncoded: WriteEncodedRows, rows: Cell[][], sheetRows?: number) {
  for (const [index, cells] of rows.entries()) {
    const { firstRow } = sheetPieces(index, 1, sheetRows)[0]!;
    await writeEncoded(Buffer.from(rowXml(cells, firstRow)), 1);
  }
}
const numbered = (count: number, cells: (i: number) => Cell[]) =>
  Array.from({ length: count }, (_, i) => cells(i));

describe('writeXlsx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-stream-'));

  it('escapes markup, drops what XML cannot hold, and names cells past Z', () => {
    const row = rowXml(['<b>&"x"</b>', 'a\u0001b\uD800c', 42, ...Array(26).fill('')], 7);
    expect(row).toContain('&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;');
    expect(row).toContain('>abc</t>');
    expect(row).toContain('<c r="C7"><v>42</v></c>');
    expect(row).toContain('r="AC7"');
  });

  it('writes a workbook Excel readers open, with checksums that hold, however many rows', async () => {
    const path = join(dir, 'a.xlsx');
    const rows = 30_000;
    const answer = await writeXlsx(
      path,
      [{ name: '说明', columns: [{ header: '项', width: 10 }], rows: [['多行\n文字']] }],
      {
        name: '数据',
        columns: [
          { header: '序号', width: 8 },
          { header: '文本', width: 40 },
        ],
      },
      async (writeEncoded) => {
        await writeRows(
          writeEncoded,
          numbered(rows, (i) => [i, `第 ${i} 行 <内容> & "引号"`]),
        );
        return 'done';
      },
    );
    expect(answer).toBe('done');
    const zip = await JSZip.loadAsync(readFileSync(path), { checkCRC32: true });
    expect(Object.keys(zip.files)).toContain('xl/worksheets/sheet2.xml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['说明', '数据']);
    expect(workbook.getWorksheet('说明')!.getRow(2).getCell(1).value).toBe('多行\n文字');
    const data = workbook.getWorksheet('数据')!;
    expect(data.rowCount).toBe(rows + 1);
    expect(data.getRow(1).getCell(2).value).toBe('文本');
    expect(data.getRow(1).font?.bold ?? data.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(data.getRow(rows + 1).getCell(1).value).toBe(rows - 1);
    expect(data.getRow(rows + 1).getCell(2).value).toBe(`第 ${rows - 1} 行 <内容> & "引号"`);
  });

  it("goes on past a sheet's row limit in another sheet, with the same header row", async () => {
    const path = join(dir, 'split.xlsx');
    const rows = 10;
    await writeXlsx(
      path,
      [{ name: '说明', columns: [{ header: '项', width: 10 }], rows: [['a']] }],
      {
        name: '数据',
        columns: [
          { header: '序号', width: 8 },
          { header: '文本', width: 40 },
        ],
      },
      (writeEncoded) =>
        writeRows(
          writeEncoded,
          numbered(rows, (i) => [i, `第 ${i} 行`]),
          5,
        ),
      // The header and 4 rows a sheet.
      { sheetRows: 5 },
    );
    await JSZip.loadAsync(readFileSync(path), { checkCRC32: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      '说明',
      '数据',
      '数据 (2)',
      '数据 (3)',
    ]);
    const parts = workbook.worksheets.slice(1);
    expect(parts.map((sheet) => sheet.rowCount)).toEqual([5, 5, 3]);
    for (const sheet of parts) {
      expect(sheet.getRow(1).values).toEqual([undefined, '序号', '文本']);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
    const numbers = parts.flatMap((sheet) =>
      sheet.getRows(2, sheet.rowCount - 1)!.map((row) => row.getCell(1).value),
    );
    expect(numbers).toEqual(Array.from({ length: rows }, (_, i) => i));
  });

  it('starts no empty sheet when the rows fill the last one exactly', async () => {
    const path = join(dir, 'exact.xlsx');
    await writeXlsx(
      path,
      [],
      { name: '数据', columns: [{ header: '序号', width: 8 }] },
      (writeEncoded) =>
        writeRows(
          writeEncoded,
          numbered(8, (i) => [i]),
          5,
        ),
      { sheetRows: 5 },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['数据', 5],
      ['数据 (2)', 5],
    ]);
  });

  it('numbers rows made elsewhere for the sheet parts they fall on, split where a part ends', () => {
    // 4 rows a part after its header: rows 0-3 on the first, 4-7 on the second.
    expect(sheetPieces(0, 3, 5)).toEqual([{ start: 0, end: 3, firstRow: 2 }]);
    expect(sheetPieces(3, 6, 5)).toEqual([
      { start: 0, end: 1, firstRow: 5 },
      { start: 1, end: 5, firstRow: 2 },
      { start: 5, end: 6, firstRow: 2 },
    ]);
    expect(sheetPieces(4, 0, 5)).toEqual([]);
  });

  it('refuses rows made elsewhere that would run past the end of a sheet', async () => {
    await expect(
      writeXlsx(
        join(dir, 'past.xlsx'),
        [],
        { name: '数据', columns: [{ header: '序号', width: 8 }] },
        (writeEncoded) => writeEncoded(Buffer.from(rowXml([1], 2) + rowXml([2], 3)), 2),
        { sheetRows: 2 },
      ),
    ).rejects.toThrow('run past the end of sheet 数据');
  });
});
