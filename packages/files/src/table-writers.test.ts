import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Cell, createTableWriter, csvField, type ExportFormat, xlsxCell } from './table-writers.ts';

async function writeTable(format: ExportFormat, columns: string[], batches: Cell[][][]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on('end', resolve));
  const writer = createTableWriter(format, output, { sheetName: 'Sheet', columns });
  for (const rows of batches) await writer.writeRows(rows);
  await writer.finish();
  await ended;
  return Buffer.concat(chunks);
}

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('keeps formula-like text as text with a leading apostrophe (no CSV injection)', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
  });

  it('writes days and exact amounts as they are: a negative amount is a number, not a formula', () => {
    expect(csvField({ day: '2024-02-29' })).toBe('2024-02-29');
    expect(csvField({ decimal: '-1234.50', places: 2 })).toBe('-1234.50');
    expect(csvField('-1234.50')).toBe("'-1234.50");
  });

  it('writes numbers, booleans, dates (ISO, UTC) and empty cells', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(true)).toBe('true');
    expect(csvField(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-22T10:00:00.000Z');
    expect(csvField(null)).toBe('');
  });
});

describe('CSV writer', () => {
  it('writes a BOM, the header and every batch with CRLF line ends', async () => {
    const bytes = await writeTable(
      'csv',
      ['Name', 'Note'],
      [[['Amina', 'first, second']], [['Victor', '=1+1']]],
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Name,Note\r\nAmina,"first, second"\r\nVictor,\'=1+1\r\n',
    );
  });

  it('writes the header alone when there are no rows', async () => {
    const bytes = await writeTable('csv', ['Name'], []);
    expect(bytes.toString('utf8')).toBe('\uFEFFName\r\n');
  });
});

describe('XLSX writer', () => {
  it('writes a workbook that Excel readers open, with text kept as text and dates as dates', async () => {
    const joined = new Date('2026-11-22T10:00:00Z');
    const bytes = await writeTable(
      'xlsx',
      ['E-mail', 'Joined at', 'Note'],
      [[['a@x.test', joined, '=1+1']], [['b@x.test', joined, 'ok']]],
    );
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'E-mail', 'Joined at', 'Note']);
    const row = sheet!.getRow(2);
    expect(row.getCell(1).value).toBe('a@x.test');
    expect(row.getCell(2).value).toEqual(joined);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(3).value).toBe("'=1+1");
    expect(sheet!.getRow(3).getCell(1).value).toBe('b@x.test');
  });

  it('writes days as date cells, exact amounts as numbers, negative numbers as numbers', async () => {
    const bytes = await writeTable(
      'xlsx',
      ['=Header', 'Day', 'Amount', 'Huge', 'Qty', 'Note'],
      [
        [
          [
            'a',
            { day: '2024-02-29' },
            { decimal: '-1234.50', places: 2 },
            { decimal: '123456789012345678.91', places: 2 },
            -3,
            '-3',
          ],
        ],
      ],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet')!;
    expect(sheet.getRow(1).getCell(1).value).toBe("'=Header");
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toEqual(new Date('2024-02-29T00:00:00Z'));
    expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(3).value).toBe(-1234.5);
    expect(row.getCell(3).numFmt).toBe('#,##0.00');
    expect(row.getCell(4).value).toBe('123456789012345678.91');
    expect(row.getCell(5).value).toBe(-3);
    expect(row.getCell(6).value).toBe("'-3");
  });
});

describe('xlsxCell', () => {
  it('keeps an amount a number only when the double reads back as the same decimal', () => {
    expect(xlsxCell({ decimal: '0.10', places: 2 })).toEqual({ value: 0.1, numFmt: '#,##0.00' });
    expect(xlsxCell({ decimal: '5', places: 0 })).toEqual({ value: 5, numFmt: '#,##0' });
    expect(xlsxCell({ decimal: '90071992547409.93', places: 2 })).toEqual({ value: '90071992547409.93' });
    expect(xlsxCell('@SUM(A1)')).toEqual({ value: "'@SUM(A1)" });
    expect(xlsxCell(null)).toEqual({ value: null });
  });
});
