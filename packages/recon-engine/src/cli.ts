/**
 * counterpart-recon: run the matching engine on two CSV files without the server.
 * The I/O edge of the package (reads and writes files); everything else is in the pure engine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { recordsFromCsv, resultToCsv } from './csv.ts';
import { defaultRuleSet, validateRuleSet } from './rules.ts';
import { run } from './run.ts';

const HELP = `Usage: counterpart-recon --left a.csv --right b.csv [--rules rules.json] [--out result.csv]

Matches the records of two CSV files (for example a bank or M-Pesa statement against an ERP ledger).

  --left FILE       left side (payments): columns id, amount, date, and optionally currency,
                    reference, counterparty, text, value_date
  --right FILE      right side (invoices), same columns
  --rules FILE      rule set as JSON ({ "id", "passes": [...] }, see the package README);
                    the default rule set when omitted
  --out FILE        result CSV (group, status, rule_id, score, side, id, amount, difference,
                    explanation); printed to standard output when omitted
  --currency CODE   currency of rows without one (default KES)
  --help            this text

Amounts are cleaned as in the spec (spaces, $ and commas removed; (12.50) or 12.50- is negative)
and kept exact in minor units. Dates are yyyy-mm-dd (a time after it is ignored) or dd/mm/yyyy.
A summary (counts per status, per-pass comparisons and times) goes to standard error.
Nothing is saved anywhere but --out: every run is a dry run for the product's data.`;

export function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      left: { type: 'string' },
      right: { type: 'string' },
      rules: { type: 'string' },
      out: { type: 'string' },
      currency: { type: 'string', default: 'KES' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!values.left || !values.right) {
    console.error('counterpart-recon: --left and --right are required (see --help)');
    return 2;
  }
  const left = recordsFromCsv(readFileSync(values.left, 'utf8'), values.left, values.currency);
  const right = recordsFromCsv(readFileSync(values.right, 'utf8'), values.right, values.currency);
  const rules = values.rules
    ? validateRuleSet(JSON.parse(readFileSync(values.rules, 'utf8')))
    : defaultRuleSet();
  const started = performance.now();
  const result = run(left, right, rules);
  const csv = resultToCsv(result, left, right);
  if (values.out) writeFileSync(values.out, csv);
  else process.stdout.write(csv);
  const count = (status: string) => result.groups.filter((group) => group.status === status).length;
  console.error(
    JSON.stringify({
      left: left.length,
      right: right.length,
      groups: { reconciled: count('reconciled'), partial: count('partial'), suggested: count('suggested') },
      unreconciled: { left: result.left_open.length, right: result.right_open.length },
      ms: Math.round(performance.now() - started),
      passes: result.stats,
    }),
  );
  return 0;
}

/**
 * The bin's entry (bin/counterpart-recon.mjs): runs `main` and turns any error into one line on
 * standard error and exit code 1 (2 for usage), never a stack trace.
 */
export async function runCommandLine(argv: string[]): Promise<number> {
  try {
    return main(argv);
  } catch (error) {
    const usage =
      error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    console.error(`counterpart-recon: ${error instanceof Error ? error.message : String(error)}`);
    return usage ? 2 : 1;
  }
}
