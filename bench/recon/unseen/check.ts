/**
 * Sanity check of one generated set: counts per kind, every true group's money (equal, short, rounded up,
 * instalments summing to the invoice), payment dates, references, the running balance, and that the
 * product's statement reader takes the statement without an error.
 *
 *   npx tsx bench/recon/unseen/check.ts /tmp/unseen-11
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv, readStatement } from '../../../packages/statements/src/index.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: check.ts DIR (the folder generate.ts wrote)');
const problems: string[] = [];
const problem = (message: string) => {
  if (problems.length < 40) problems.push(message);
  else if (problems.length === 40) problems.push('… (more)');
};

function cents(text: string): bigint {
  const cleaned = text.replace(/,/g, '');
  if (!/^-?\d+\.\d\d$/.test(cleaned)) throw new Error(`amount "${text}" is not n.nn`);
  const negative = cleaned.startsWith('-');
  const [whole, fraction] = cleaned.replace('-', '').split('.') as [string, string];
  const value = BigInt(whole) * 100n + BigInt(fraction);
  return negative ? -value : value;
}

function table(file: string, headerStartsWith: string): Record<string, string>[] {
  const rows = parseCsv(readFileSync(join(folder!, file), 'utf8')).map((row) => row.cells);
  const at = rows.findIndex((cells) => cells[0] === headerStartsWith);
  const header = rows[at]!;
  return rows
    .slice(at + 1)
    .filter((cells) => cells.some((c) => c !== ''))
    .map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

const statementText = readFileSync(join(folder, 'mpesa-statement.csv'), 'utf8');
const statement = table('mpesa-statement.csv', 'Receipt No.');
const invoices = table('erp-invoices.csv', 'Invoice No');
const truth = table('truth.csv', 'receipt_no');

// The ledger: Total = Net + VAT, sequential numbers.
const invoiceBy = new Map<string, Record<string, string>>();
invoices.forEach((invoice, index) => {
  invoiceBy.set(invoice['Invoice No']!, invoice);
  if (cents(invoice['Net Amount']!) + cents(invoice['VAT 16%']!) !== cents(invoice.Total!)) {
    problem(`${invoice['Invoice No']}: Net + VAT ≠ Total`);
  }
  if (Number(invoice['Invoice No']!.slice(-6)) !== index + 1)
    problem(`${invoice['Invoice No']}: out of sequence`);
});

// The statement: receipts, one amount column, the running balance (oldest first).
const rowsByReceipt = new Map<string, Record<string, string>[]>();
const chronological = [...statement].reverse();
let balance: bigint | null = null;
for (const row of chronological) {
  const receipt = row['Receipt No.']!;
  if (!/^[A-Z0-9]{10}$/.test(receipt)) problem(`receipt "${receipt}" is not 10 upper-case alphanumerics`);
  const list = rowsByReceipt.get(receipt) ?? [];
  list.push(row);
  rowsByReceipt.set(receipt, list);
  const paidIn = row['Paid In'] ? cents(row['Paid In']) : 0n;
  const withdrawn = row.Withdrawn ? cents(row.Withdrawn) : 0n;
  if ((paidIn === 0n) === (withdrawn === 0n)) problem(`${receipt}: not exactly one of Paid In / Withdrawn`);
  const after = cents(row.Balance!);
  if (balance !== null && balance + paidIn + withdrawn !== after)
    problem(`${receipt}: running balance breaks`);
  if (after < 0n) problem(`${receipt}: negative balance`);
  balance = after;
}
for (const [receipt, list] of rowsByReceipt) {
  if (list.length > 1 && !list.slice(1).every((row) => /charge/i.test(row.Details!))) {
    problem(`${receipt}: repeated on rows that are not its charge`);
  }
}

// The truth: every receipt once, every invoice in one kind, money and dates per kind.
const day = (text: string) => Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / 86_400_000;
const counts = new Map<string, { lines: number; invoices: Set<string> }>();
const kindOfInvoice = new Map<string, string>();
const seenReceipts = new Set<string>();
const splitPaid = new Map<string, bigint>();
for (const line of truth) {
  const kind = line.kind!;
  const entry = counts.get(kind) ?? { lines: 0, invoices: new Set<string>() };
  entry.lines++;
  counts.set(kind, entry);
  const numbers = line.invoice_nos ? line.invoice_nos.split('|') : [];
  for (const number of numbers) {
    entry.invoices.add(number);
    if (!invoiceBy.has(number)) problem(`truth names ${number}, not in the ledger`);
    const earlier = kindOfInvoice.get(number);
    if (earlier && !(earlier === 'split' && kind === 'split')) problem(`${number} in ${earlier} and ${kind}`);
    kindOfInvoice.set(number, kind);
  }
  if (kind === 'unpaid') continue;
  const receipt = line.receipt_no!;
  if (seenReceipts.has(receipt)) problem(`${receipt} twice in truth`);
  seenReceipts.add(receipt);
  const row = rowsByReceipt.get(receipt)?.[0];
  if (!row) {
    problem(`${receipt} of truth is not on the statement`);
    continue;
  }
  if (kind === 'unrelated') continue;
  const paid = cents(row['Paid In'] || '0.00');
  const total = numbers.reduce((sum, n) => sum + cents(invoiceBy.get(n)!.Total!), 0n);
  const delays = numbers.map((n) => day(row['Completion Time']!) - day(invoiceBy.get(n)!['Invoice Date']!));
  const maxDelay = kind === 'multi_invoice' ? 70 : 45;
  if (delays.some((d) => d < 0 || d > maxDelay))
    problem(`${receipt} (${kind}): paid ${delays} days after invoice`);
  const acc = row['A/C No.']!;
  const sequence = Number(numbers[0]!.slice(-6));
  if (kind === 'split') splitPaid.set(numbers[0]!, (splitPaid.get(numbers[0]!) ?? 0n) + paid);
  else if (kind === 'charges_short') {
    const short = total - paid;
    const percentOk = short * 1000n >= total * 4n && short * 1000n <= total * 16n;
    if (!(percentOk || (short >= 3_000n && short <= 20_000n)))
      problem(`${receipt}: short by ${short} of ${total}`);
  } else if (kind === 'overpaid_rounded') {
    if (!(paid > total && paid % 10_000n === 0n && paid - total <= 100_000n))
      problem(`${receipt}: ${paid} vs ${total}`);
  } else if (paid !== total) problem(`${receipt} (${kind}): paid ${paid}, invoices total ${total}`);
  if (kind === 'exact' && acc !== numbers[0]) problem(`${receipt}: exact with A/C "${acc}"`);
  if (kind === 'ref_variant' && (acc === numbers[0] || !acc.includes(String(sequence)))) {
    problem(`${receipt}: variant "${acc}" of ${numbers[0]}`);
  }
  if (kind === 'typo' && acc.toUpperCase() === numbers[0])
    problem(`${receipt}: typo "${acc}" is the number itself`);
}
for (const [number, paid] of splitPaid) {
  if (paid !== cents(invoiceBy.get(number)!.Total!)) problem(`${number}: instalments sum to ${paid}`);
}
for (const receipt of rowsByReceipt.keys())
  if (!seenReceipts.has(receipt)) problem(`${receipt} missing in truth`);
for (const number of invoiceBy.keys()) if (!kindOfInvoice.has(number)) problem(`${number} missing in truth`);

// Typos that equal another real invoice's number (the trap the issue names).
let typoHitsReal = 0;
for (const line of truth.filter((l) => l.kind === 'typo')) {
  const acc = rowsByReceipt.get(line.receipt_no!)![0]!['A/C No.']!;
  const match = /^INV-2026-(\d{6})$/.exec(acc);
  if (match && invoiceBy.has(`INV-2026-${match[1]}`)) typoHitsReal++;
}

const read = readStatement(statementText, { fileName: 'mpesa-statement.csv' });
const total = truth.filter((l) => l.kind !== 'unpaid' && l.kind !== 'unrelated').length;
process.stdout.write(`${folder}: ${statement.length} statement rows, ${invoices.length} invoices\n`);
process.stdout.write('  kind               lines  invoices  share of linked lines\n');
for (const [kind, entry] of [...counts].sort()) {
  const share =
    kind === 'unpaid' || kind === 'unrelated' ? '' : `${((100 * entry.lines) / total).toFixed(1)} %`;
  process.stdout.write(
    `  ${kind.padEnd(17)} ${String(entry.lines).padStart(6)} ${String(entry.invoices.size).padStart(9)}  ${share}\n`,
  );
}
process.stdout.write(`  typos that spell another real invoice: ${typoHitsReal}\n`);
process.stdout.write(
  `  statement reader: ${read.format}, account ${read.account}, ${read.transactions.length} transactions, ` +
    `${read.errors.length} errors, ${read.warnings.length} warnings\n`,
);
for (const warning of read.warnings.slice(0, 5)) problem(`reader warning: ${warning.message}`);
for (const error of read.errors.slice(0, 5)) problem(`reader error: ${error.message}`);
process.stdout.write(
  problems.length === 0 ? '  no problems\n' : `  PROBLEMS:\n    ${problems.join('\n    ')}\n`,
);
process.exit(problems.length === 0 ? 0 : 1);
