/**
 * An independent test set for matching: an M-Pesa paybill statement, an ERP invoice ledger and the truth
 * linking them, written from a description of how Kenyan customers really pay (README.md), not from the
 * engine. Deterministic per seed.
 *
 *   npx tsx bench/recon/unseen/generate.ts --seed 11 --invoices 5000 --out /tmp/unseen-11
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCustomers, NumberBook } from './customers.ts';
import { buildInvoices, LAST_INVOICE_DAY, MAX_PAY_DELAY_DAYS, makeDuplicateAmounts } from './ledger.ts';
import { drawCompanyName } from './names.ts';
import { planPayments } from './plan.ts';
import { Random } from './random.ts';
import { runStatement, statementPeriod } from './statement.ts';
import { buildUnrelatedIncoming } from './unrelated.ts';
import { erpCsv, statementCsv, truthCsv } from './write-files.ts';

function readOptions(): { seed: number; invoices: number; out: string } {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '11' },
      invoices: { type: 'string', default: '5000' },
      out: { type: 'string' },
    },
  });
  const seed = Number(values.seed);
  const invoices = Number(values.invoices);
  if (!Number.isInteger(seed) || seed < 0)
    throw new Error(`--seed "${values.seed}" is not a whole number ≥ 0`);
  if (!Number.isInteger(invoices) || invoices < 16 || invoices > 900_000) {
    throw new Error(`--invoices "${values.invoices}" is not a whole number from 16 to 900000`);
  }
  if (!values.out) throw new Error('--out DIR is required (the folder the three CSV files are written to)');
  return { seed, invoices, out: values.out };
}

function main(): void {
  const options = readOptions();
  const random = new Random(options.seed);
  const numbers = new NumberBook(random);
  const customers = buildCustomers(Math.max(2, Math.round(options.invoices / 8)), random, numbers);
  const invoices = buildInvoices(options.invoices, customers, random);
  const duplicates = makeDuplicateAmounts(invoices, customers, random);
  const plan = planPayments(invoices, random, numbers);
  const lastDay = LAST_INVOICE_DAY + MAX_PAY_DELAY_DAYS + 1;
  const extra = buildUnrelatedIncoming(plan.payments, customers, lastDay, random, numbers);
  const { rows } = runStatement(
    [...plan.payments, ...extra.payments],
    extra.reversals,
    lastDay,
    random,
    numbers,
  );
  const meta = {
    organisation: drawCompanyName(random).toUpperCase(),
    shortCode: `5${random.text('0123456789', 5)}`,
    period: statementPeriod(lastDay),
  };
  mkdirSync(options.out, { recursive: true });
  writeFileSync(join(options.out, 'mpesa-statement.csv'), statementCsv(rows, meta));
  writeFileSync(join(options.out, 'erp-invoices.csv'), erpCsv(invoices));
  writeFileSync(join(options.out, 'truth.csv'), truthCsv(rows, plan.unpaid));

  const byKind = new Map<string, { lines: number; invoices: Set<string> }>();
  for (const payment of plan.payments) {
    const entry = byKind.get(payment.kind) ?? { lines: 0, invoices: new Set<string>() };
    entry.lines += 1;
    for (const invoice of payment.invoices) entry.invoices.add(invoice.number);
    byKind.set(payment.kind, entry);
  }
  process.stdout.write(
    `seed ${options.seed}: ${invoices.length} invoices, ${customers.length} customers, ${rows.length} statement rows, ` +
      `${duplicates.length} duplicate-amount pairs → ${options.out}\n`,
  );
  for (const [kind, entry] of [...byKind].sort()) {
    process.stdout.write(
      `  ${kind.padEnd(17)} ${String(entry.lines).padStart(6)} receipts ${String(entry.invoices.size).padStart(6)} invoices\n`,
    );
  }
  process.stdout.write(`  ${'unpaid'.padEnd(17)} ${String(plan.unpaid.length).padStart(22)} invoices\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`generate: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
