/**
 * Scores a counterpart-recon result file against a truth file, as a user checks the CLI on exports whose
 * answer they know (the unseen set's truth.csv: receipt_no, invoice_nos separated by |, kind). Links are
 * (left id, right id) pairs, as in the engine's evaluation; a statement charge line (`<receipt>:charge`)
 * and one-sided groups (reversals) are not links.
 *
 *   counterpart-recon --left mpesa-statement.csv --right erp-invoices.csv --out result.csv
 *   npx tsx bench/recon/score-result.ts --truth truth.csv --result result.csv
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseCsvText } from '../../packages/files/src/csv/index.ts';

const { values } = parseArgs({ options: { truth: { type: 'string' }, result: { type: 'string' } } });
if (!values.truth || !values.result) {
  console.error('Usage: score-result.ts --truth truth.csv --result result.csv');
  process.exit(2);
}

function table(path: string): Array<Record<string, string>> {
  const rows = parseCsvText(readFileSync(path, 'utf8'));
  const header = rows[0]!.fields.map((name) => name.trim());
  return rows.slice(1).map((row) => Object.fromEntries(header.map((name, i) => [name, row.fields[i] ?? ''])));
}
const ids = (text: string, separator: string) =>
  text
    .split(separator)
    .map((id) => id.trim())
    .filter(Boolean);

const truth = new Map<string, string>();
for (const row of table(values.truth)) {
  if (!row.receipt_no) continue; // an unpaid invoice: nothing to find
  for (const invoice of ids(row.invoice_nos ?? '', '|'))
    truth.set(`${row.receipt_no}>${invoice}`, row.kind ?? '');
}
const auto = new Set<string>();
const suggested = new Set<string>();
for (const row of table(values.result)) {
  for (const left of ids(row.left_ids ?? '', ' | ')) {
    for (const right of ids(row.right_ids ?? '', ' | ')) {
      (row.status === 'suggested' ? suggested : auto).add(`${left}>${right}`);
    }
  }
}
const pct = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(2)} %`;
const correct = (links: Set<string>) => [...links].filter((link) => truth.has(link)).length;
const found = [...truth.keys()].filter((link) => auto.has(link) || suggested.has(link)).length;
console.log(`true links ${truth.size}, automatic ${auto.size}, suggested ${suggested.size}`);
console.log(`automatic precision ${pct(correct(auto), auto.size)}`);
console.log(`automatic recall    ${pct(correct(auto), truth.size)}`);
console.log(`found               ${pct(found, truth.size)}`);
const kinds = new Map<string, { links: number; auto: number; found: number }>();
for (const [link, kind] of truth) {
  const entry = kinds.get(kind) ?? { links: 0, auto: 0, found: 0 };
  kinds.set(kind, entry);
  entry.links += 1;
  if (auto.has(link)) entry.auto += 1;
  if (auto.has(link) || suggested.has(link)) entry.found += 1;
}
for (const [kind, entry] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `  ${kind.padEnd(18)} ${String(entry.links).padStart(5)} links  automatic ${pct(entry.auto, entry.links)}  found ${pct(entry.found, entry.links)}`,
  );
}
