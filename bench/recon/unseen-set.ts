/**
 * The second, independent test set (bench/recon/unseen/, written by someone who had not read the engine)
 * read the way a finance user's raw exports reach the engine: the M-Pesa statement through
 * packages/statements (receipt, Paid In − Withdrawn, the payer from Other Party Info / Details, the
 * account reference), the ERP ledger's columns mapped as a user maps them (Invoice No → id and reference,
 * Total → amount, Invoice Date → date, customer phone + name → counterparty, customer code → text).
 * The engine is never tuned on this set: it is only measured.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsvText } from '../../packages/files/src/csv/index.ts';
import { type EngineRecord, parseDay } from '../../packages/recon-engine/src/index.ts';
import type { GeneratedData, TrueGroup } from '../../packages/recon-engine/src/testdata/generate.ts';
import { decimalToMinor, readStatement } from '../../packages/statements/src/index.ts';

const GENERATOR = new URL('./unseen/generate.ts', import.meta.url).pathname;

function dayOf(text: string, where: string): number {
  const day = parseDay(text);
  if (day === null) throw new Error(`${where}: "${text}" is not a date`);
  return day;
}

function readStatementSide(path: string): EngineRecord[] {
  const read = readStatement(readFileSync(path, 'utf8'), { fileName: path, defaultCurrency: 'KES' });
  if (read.errors.length > 0) throw new Error(`${path}: ${read.errors[0]!.message}`);
  return read.transactions.map((tx) => ({
    // A charge line carries the receipt of the payment it charges: it keeps its own id.
    id: /charge/i.test(tx.narrative) ? `${tx.bank_reference}:charge` : tx.bank_reference,
    amount: BigInt(tx.amount_minor),
    currency: tx.currency,
    date: dayOf(tx.booking_date, `${path}:${tx.line}`),
    reference: tx.reference,
    counterparty: [tx.extra?.counterparty_number ?? '', tx.counterparty].join(' ').trim(),
    text: tx.narrative,
  }));
}

/** Header name → position, matched case-insensitively on the first of the given names found. */
function columnOf(header: string[], names: string[], path: string): number {
  const lower = header.map((name) => name.trim().toLowerCase());
  for (const name of names) {
    const at = lower.indexOf(name);
    if (at !== -1) return at;
  }
  throw new Error(`${path}: none of the columns ${names.join(' / ')} (found: ${header.join(', ')})`);
}

function readLedgerSide(path: string): EngineRecord[] {
  const rows = parseCsvText(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  const header = rows[0]!.fields;
  const at = {
    id: columnOf(header, ['invoice no', 'invoice number'], path),
    date: columnOf(header, ['invoice date', 'date'], path),
    total: columnOf(header, ['total', 'amount'], path),
    currency: columnOf(header, ['currency'], path),
    code: columnOf(header, ['customer code', 'customer account'], path),
    name: columnOf(header, ['customer name', 'customer'], path),
    phone: columnOf(header, ['customer phone', 'phone'], path),
  };
  return rows.slice(1).flatMap((row) => {
    const cell = (index: number) => (row.fields[index] ?? '').trim();
    if (!cell(at.id)) return [];
    const currency = cell(at.currency) || 'KES';
    const amount = decimalToMinor(cell(at.total).replace(/,/g, ''), currency);
    if (!amount.ok) throw new Error(`${path}:${row.line}: Total "${cell(at.total)}": ${amount.reason}`);
    return [
      {
        id: cell(at.id),
        amount: amount.minor,
        currency,
        date: dayOf(cell(at.date), `${path}:${row.line}`),
        reference: cell(at.id),
        counterparty: `${cell(at.phone)} ${cell(at.name)}`.trim(),
        text: `Customer ${cell(at.code)}`,
      },
    ];
  });
}

function readTruth(path: string): TrueGroup[] {
  const rows = parseCsvText(readFileSync(path, 'utf8'));
  const header = rows[0]!.fields.map((name) => name.trim().toLowerCase());
  const receipt = header.indexOf('receipt_no');
  const invoices = header.indexOf('invoice_nos');
  const kind = header.indexOf('kind');
  const groups: TrueGroup[] = [];
  for (const row of rows.slice(1)) {
    const left = (row.fields[receipt] ?? '').trim();
    const right = (row.fields[invoices] ?? '')
      .split('|')
      .map((id) => id.trim())
      .filter(Boolean);
    if (!left || right.length === 0) continue; // unpaid invoices and unrelated lines: nothing to find
    groups.push({ left: [left], right, kind: (row.fields[kind] ?? '').trim() as TrueGroup['kind'] });
  }
  return groups;
}

/** Generates (once per seed and size, into /tmp) and reads the unseen set. */
export function unseenSet(seed: number, invoices: number): GeneratedData {
  const dir = `/tmp/counterpart-unseen-${seed}-${invoices}`;
  if (!existsSync(join(dir, 'truth.csv'))) {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', GENERATOR, '--seed', String(seed), '--invoices', String(invoices), '--out', dir],
      { stdio: 'inherit' },
    );
  }
  return {
    left: readStatementSide(join(dir, 'mpesa-statement.csv')),
    right: readLedgerSide(join(dir, 'erp-invoices.csv')),
    truth: readTruth(join(dir, 'truth.csv')),
    aliases: new Map(),
  };
}
