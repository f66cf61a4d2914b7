import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTableWriter } from '@counterpart/files';
import { parseCsvText } from '@counterpart/files/csv';
import { generateMpesaStatementCsv } from '@counterpart/statements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCommandLine } from './cli.ts';

const LAUNCHER = fileURLToPath(new URL('../bin/counterpart-recon.mjs', import.meta.url));

describe('counterpart-recon CLI', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const stderr = () =>
    vi
      .mocked(console.error)
      .mock.calls.map((call) => String(call[0]))
      .join('\n');
  const ledger = () => file('ledger.csv', 'id,amount,date,reference\ni1,1000,2026-03-01,INV-2026-000010\n');
  /** A workbook as a spreadsheet program writes it: amounts as numbers. */
  const workbook = async (name: string, columns: string[], texts: string[][]) => {
    const rows = texts.map((row) =>
      row.map((cell) => (/^-?[\d,]+\.\d\d$/.test(cell) ? Number(cell.replaceAll(',', '')) : cell)),
    );
    const output = createWriteStream(path.join(dir, name));
    const closed = new Promise<void>((resolve) => output.on('close', () => resolve()));
    const writer = createTableWriter('xlsx', output, { sheetName: 'Sheet1', columns });
    await writer.writeRows(rows);
    await writer.finish();
    await closed;
    return path.join(dir, name);
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'recon-cli-'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('matches two CSV files with a rules file and writes one row per group in currency units', async () => {
    const bank = file(
      'bank.csv',
      'id,amount,date,reference\nb1,"1,000.00",2026-03-02,Acc. INV-2026-000010\nb2,"12,500",2026-03-02,\n',
    );
    const rules = file(
      'rules.json',
      JSON.stringify({
        id: 'mine',
        passes: [
          {
            id: 'only-exact',
            kind: 'exact',
            keys: ['reference', 'amount'],
            date_window: { days_before: 5, days_after: 0 },
          },
        ],
      }),
    );
    const out = path.join(dir, 'out.csv');
    const code = await runCommandLine(['--left', bank, '--right', ledger(), '--rules', rules, '--out', out]);
    expect(code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'group,status,rule_id,score,currency,left_ids,left_references,left_amount,right_ids,right_references,right_amount,difference,amount_score,date_score,reference_score,counterparty_score,explanation,why_not_automatic',
    );
    expect(lines[1]).toMatch(
      /^1,reconciled,only-exact,1,KES,b1,Acc. INV-2026-000010,"1,000.00",i1,INV-2026-000010,"1,000.00",0.00,1,/,
    );
    expect(lines[2]).toBe(',unreconciled,,,KES,b2,,"12,500.00",,,,,,,,,,');
    expect(stderr()).toMatch(
      /left: CSV ledger \(comma-separated, utf-8\) .*bank.csv, 2 rows; id=id, amount=amount/,
    );
    expect(stderr()).toMatch(
      /reconciled +1 groups: left 1 records KES 1,000.00, right 1 records KES 1,000.00/,
    );
  });

  it('runs from any folder through its launcher, with exit 2 and one line for a usage error', () => {
    const help = spawnSync(process.execPath, [LAUNCHER, '--help'], { cwd: tmpdir(), encoding: 'utf8' });
    expect(help.stderr).toBe('');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: counterpart-recon --left FILE --right FILE/);
    const wrong = spawnSync(process.execPath, [LAUNCHER, '--lefty', 'a.csv'], {
      cwd: tmpdir(),
      encoding: 'utf8',
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^counterpart-recon: Unknown option '--lefty'[^\n]*\n$/);
    const l = ledger();
    const heap = spawnSync(process.execPath, [LAUNCHER, '--left', l, '--right', l, '--json'], {
      cwd: tmpdir(),
      encoding: 'utf8',
      env: { ...process.env, COUNTERPART_RECON_HEAP_MB: '5000' },
    });
    expect(heap.status).toBe(0);
    const summary = JSON.parse(heap.stderr.trim().split('\n').at(-1)!);
    // The old generation asked for, plus a young generation of three 128 MB semi-spaces (16 MB by default).
    expect(summary.heap_limit_mb).toBeGreaterThanOrEqual(5000 + 3 * 128);
    // The launcher starts node (and tsx) twice: 27 s was seen on a loaded machine.
  }, 90_000);

  it('refuses missing arguments, bad rules and a bad map with exit 2', async () => {
    expect(await runCommandLine(['--left', 'a.csv'])).toBe(2);
    const rules = file(
      'bad.json',
      JSON.stringify({
        passes: [{ id: 'x', kind: 'magic', date_window: { days_before: 1, days_after: 1 } }],
      }),
    );
    const l = ledger();
    expect(await runCommandLine(['--left', l, '--right', l, '--rules', rules])).toBe(2);
    expect(stderr()).toMatch(/bad.json: .*passes\[0\] \(x\): unknown kind magic/);
    expect(await runCommandLine(['--left', l, '--right', l, '--left-map', 'when=Date'])).toBe(2);
    expect(await runCommandLine(['--left', l, '--right', l, '--decimal', ';'])).toBe(2);
  });

  it('reads "1.234,56" and "250,00" in a BOM + semicolon file with a decimal comma, and finds its id column', async () => {
    const left = file('semi.csv', '\ufeffid;amount;date\na1;1.234,56;14.03.2026\na2;250,00;2026-03-14\n');
    const out = path.join(dir, 'out.csv');
    expect(await runCommandLine(['--left', left, '--right', ledger(), '--out', out])).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(',unreconciled,,,KES,a1,,"1,234.56",');
    expect(text).toContain(',unreconciled,,,KES,a2,,250.00,');
    expect(stderr()).toMatch(/semicolon-separated.*decimal "," \(line 2 "1.234,56"\)/);
  });

  it('names file, line, column and value of each bad row, exits 1, and --skip-bad-rows goes on listing them', async () => {
    const left = file(
      'bad.csv',
      'id,amount,date\na1,250.00,2026-01-01\na2,"1.234,56",2026-01-01\na3,250.004,2026-01-01\na4,,2026-01-01\na5,12,2026-02-30\na1,5,2026-01-01\n',
    );
    const r = ledger();
    expect(await runCommandLine(['--left', left, '--right', r])).toBe(1);
    const message = stderr();
    expect(message).toContain('bad.csv: 5 row(s) cannot be read:');
    expect(message).toContain(
      `${left} line 3: column "amount", value "1.234,56": a decimal "," but the column's is "." (from line 2 "250.00")`,
    );
    expect(message).toContain(
      'line 4: column "amount", value "250.004": 3 decimal places, the currency has 2 (KES)',
    );
    expect(message).toContain('line 5: column "amount", value "": empty, the row has no amount');
    expect(message).toContain('line 6: column "date", value "2026-02-30": not a date');
    expect(message).toContain('line 7: column "id", value "a1": repeats the id of line 2');
    expect(message).toContain('run with --skip-bad-rows');
    const out = path.join(dir, 'out.csv');
    expect(await runCommandLine(['--left', left, '--right', r, '--skip-bad-rows', '--out', out])).toBe(0);
    expect(stderr()).toContain('5 row(s) cannot be read, skipped (--skip-bad-rows)');
    expect(readFileSync(out, 'utf8')).toContain(',unreconciled,,,KES,a1,,250.00,');
  });

  it('refuses an unclosed quote, a file of garbage and a missing column with exit 1 and no stack', async () => {
    const r = ledger();
    const unclosed = file('unclosed.csv', 'id,amount,date\na1,"250.00,2026-01-01\na2,3,2026-01-01\n');
    expect(await runCommandLine(['--left', unclosed, '--right', r])).toBe(1);
    expect(stderr()).toContain('unclosed.csv line 2: a quoted value starts here and is never closed');
    const garbage = file('garbage.csv', 'x'.repeat(3 * 1024 * 1024));
    expect(await runCommandLine(['--left', garbage, '--right', r])).toBe(1);
    expect(stderr()).toContain('garbage.csv line 1: a record longer than 1 MB starts here');
    const noAmount = file('erp.csv', 'Doc,Day\nD1,2026-01-01\n');
    expect(await runCommandLine(['--left', noAmount, '--right', r])).toBe(1);
    expect(stderr()).toContain('erp.csv: no column for amount, date; the columns are "Doc", "Day"');
    expect(stderr()).not.toMatch(/\n\s+at /);
  });

  it('reads an ERP ledger through --left-map and a map file, and detects one from its header', async () => {
    const erp = file(
      'erp.csv',
      'Invoice No,Customer,Phone,Invoice Date,Net,Total\nINV-2026-000010,Jane Wanjiru,0712345678,01/03/2026,862.07,"1,000.00"\n',
    );
    const bank = file(
      'bank.csv',
      'Ref,In,Out,When,Who\nb1,"1,000.00",,2026-03-02 09:12:45,INV-2026-000010\n',
    );
    const map = 'id=Ref,amount=In-Out,date=When,reference=Who';
    const out = path.join(dir, 'out.csv');
    expect(await runCommandLine(['--left', bank, '--left-map', map, '--right', erp, '--out', out])).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[1]).toMatch(
      /^1,reconciled,exact,1,KES,b1,INV-2026-000010,"1,000.00",INV-2026-000010,INV-2026-000010,"1,000.00",0.00,/,
    );
    expect(stderr()).toContain('id=Ref, amount=In−Out, date=When, reference=Who; decimal "."');
    expect(stderr()).toContain(
      'id=Invoice No, amount=Total, date=Invoice Date, reference=Invoice No, counterparty=Customer+Phone (detected from the header)',
    );
    const mapFile = file(
      'map.json',
      JSON.stringify({ id: 'Ref', amount: '"In"-"Out"', date: 'When', reference: 'Who' }),
    );
    expect(
      await runCommandLine(['--left', bank, '--left-map-file', mapFile, '--right', erp, '--out', out]),
    ).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[1]).toMatch(/^1,reconciled,exact,/);
  });

  it('reads an M-Pesa statement CSV: Paid In − Withdrawn, Acc. reference, payer, Details', async () => {
    const statement = file('mpesa.csv', generateMpesaStatementCsv({ rows: 20, seed: 1 }));
    const out = path.join(dir, 'out.csv');
    expect(await runCommandLine(['--left', statement, '--right', ledger(), '--out', out, '--json'])).toBe(0);
    expect(stderr()).toMatch(/left: M-Pesa statement .*mpesa.csv, \d+ rows; id=receipt/);
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1);
    expect(rows).toContain(',unreconciled,,,KES,SCA7TUXEC3:charge,,-16.00,,,,,,,,,,');
    const { readSide } = await import('./cli/read-side.ts');
    const read = await readSide(statement, { currency: 'KES' });
    expect(read.records.find((record) => record.id === 'SCBTN2JD99')).toMatchObject({
      amount: 5_875_000n,
      reference: 'INV-8747',
      counterparty: '254719913511 - PETER KIPROTICH',
      text: 'Pay Bill Online from 254719913511 - PETER KIPROTICH Acc. INV-8747',
    });
    expect(rows).toContain(',unreconciled,,,KES,SCA7TUXEC3,INV-7395,"96,239.00",,,,,,,,,,');
    expect(rows.some((row) => /,INV-\d+,"?[\d,]+\.\d\d"?,/.test(row))).toBe(true);
    const summary = JSON.parse(vi.mocked(console.error).mock.calls.at(-1)![0] as string);
    expect(summary.right).toBe(1);
  });

  it('reads an XLSX ledger and an M-Pesa statement exported to XLSX', async () => {
    const erp = await workbook(
      'erp.xlsx',
      ['Invoice No', 'Customer', 'Invoice Date', 'Total'],
      [['INV-7395', 'James Kiprotich', '2024-02-28', '96,239.00']],
    );
    const [header, ...rows] = parseCsvText(generateMpesaStatementCsv({ rows: 20, seed: 1 }))
      .map((row) => row.fields)
      .filter((fields) => fields.length > 5);
    const statement = await workbook('mpesa.xlsx', header!, rows);
    const out = path.join(dir, 'out.csv');
    const code = await runCommandLine(['--left', statement, '--right', erp, '--out', out]);
    expect(code).toBe(0);
    expect(stderr()).toMatch(/left: XLSX M-Pesa statement .*mpesa.xlsx, 20 rows/);
    expect(stderr()).toMatch(
      /right: XLSX ledger \(first sheet\) .*erp.xlsx, 1 rows; id=Invoice No, amount=Total/,
    );
    expect(readFileSync(out, 'utf8')).toMatch(
      /\n1,reconciled,[a-z_]+,1,KES,SCA7TUXEC3,INV-7395,"96,239.00",INV-7395,INV-7395,"96,239.00",0.00,/,
    );
  });
});
