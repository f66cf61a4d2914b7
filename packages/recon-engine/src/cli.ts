/**
 * counterpart-recon: run the matching engine on two exports without the server. The I/O edge of the
 * package (reads and writes files, src/cli/); everything else is the pure engine. The bin is
 * bin/counterpart-recon.mjs, which registers tsx from its own location and calls runCommandLine.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import type { DecimalSeparator } from './cli/amount-column.ts';
import { DataError, UsageError } from './cli/cli-errors.ts';
import { type ColumnMap, parseMapFile, parseMapFlag } from './cli/column-map.ts';
import { readSide } from './cli/read-side.ts';
import { indexSides, summaryLines, writeResult } from './cli/result-file.ts';
import type { SideRead } from './cli/side-read.ts';
import { defaultRuleSet, validateRuleSet } from './rules.ts';
import { run } from './run.ts';

const HELP = `Usage: counterpart-recon --left FILE --right FILE [options]

Matches two exports, for example an M-Pesa statement against an ERP invoice ledger.

  --left FILE, --right FILE
        an M-Pesa statement (CSV, XLSX or PDF), camt.053/054, MT940 or OFX (recognised by content),
        or any CSV/XLSX ledger with a header row
  --left-map MAP, --right-map MAP
        which columns make a record, e.g.
        'id="Receipt No",amount="Paid In"-"Withdrawn",date="Completion Time",reference="A/C No."'
        fields: id, amount (a column or "In"-"Out"), date, value_date, reference,
        counterparty and text (several columns joined with +), currency.
        Without a map, the columns are detected from the header names and printed before the run.
  --left-map-file FILE, --right-map-file FILE
        the same as JSON: {"id": "Receipt No", "amount": "\\"Paid In\\"-\\"Withdrawn\\"", "counterparty": ["First", "Last"]}
  --rules FILE      rule set as JSON (see the package README); the default rules when omitted
  --out FILE        result CSV; standard output when omitted
  --currency CODE   currency of rows that state none (default KES); amounts are read with its decimals
  --decimal , | .   the ledgers' decimal separator (default: decided by the file's amounts)
  --skip-bad-rows   leave out rows that cannot be read (listed) instead of stopping
  --pdf-password P  the password of a PDF statement (M-Pesa: the ID number)
  --json            the summary on standard error as JSON (counts, per-pass comparisons and times)
  --help            this text

Dates: 2026-03-14, 2026-03-14 09:12:45, 14/03/2026, 14.03.2026. Amounts are exact: a value with more
decimals than the currency has, or with the other decimal separator, is a bad row naming its line.
The result has one row per group (both sides' ids, references and amounts in currency units, status,
rule, scores, difference, why a suggestion is not automatic), then the open records.
Exit codes: 0 done, 1 a file cannot be read, 2 wrong options. Nothing is saved but --out.`;

function mapOf(flag: string | undefined, file: string | undefined, side: string): ColumnMap | undefined {
  if (flag && file) throw new UsageError(`give --${side}-map or --${side}-map-file, not both`);
  if (flag) return parseMapFlag(flag);
  if (!file) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  return parseMapFile(json, file);
}

function reportBadRows(file: string, read: SideRead, skip: boolean): void {
  if (read.badCount === 0) return;
  const lines = read.badRows.map((row) => `  ${file} line ${row.line}: ${row.message}`);
  const more =
    read.badCount > read.badRows.length ? `\n  … and ${read.badCount - read.badRows.length} more` : '';
  const head = `${file}: ${read.badCount.toLocaleString('en')} row(s) cannot be read`;
  if (!skip) {
    throw new DataError(
      `${head}:\n${lines.join('\n')}${more}\nFix them, or run with --skip-bad-rows to leave them out.`,
    );
  }
  console.error(`${head}, skipped (--skip-bad-rows):\n${lines.join('\n')}${more}`);
}

/** Lines written in pieces of about 1 MB. */
function bufferedWriter(fd: number): { write: (line: string) => void; flush: () => void } {
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length > 0) writeSync(fd, pending.join(''));
    pending = [];
    size = 0;
  };
  return {
    write: (line) => {
      pending.push(line);
      size += line.length;
      if (size > 1_000_000) flush();
    },
    flush,
  };
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      left: { type: 'string' },
      right: { type: 'string' },
      'left-map': { type: 'string' },
      'right-map': { type: 'string' },
      'left-map-file': { type: 'string' },
      'right-map-file': { type: 'string' },
      rules: { type: 'string' },
      out: { type: 'string' },
      currency: { type: 'string', default: 'KES' },
      decimal: { type: 'string' },
      'skip-bad-rows': { type: 'boolean', default: false },
      'pdf-password': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!values.left || !values.right) throw new UsageError('--left and --right are required (see --help)');
  const currency = values.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new UsageError(`--currency ${values.currency} is not an ISO 4217 code`);
  if (values.decimal !== undefined && values.decimal !== ',' && values.decimal !== '.') {
    throw new UsageError(`--decimal is "," or ".", not "${values.decimal}"`);
  }
  const decimal = values.decimal as DecimalSeparator | undefined;
  const maps = {
    left: mapOf(values['left-map'], values['left-map-file'], 'left'),
    right: mapOf(values['right-map'], values['right-map-file'], 'right'),
  };
  let rules = defaultRuleSet();
  if (values.rules) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(values.rules, 'utf8'));
    } catch (error) {
      throw new UsageError(`${values.rules}: ${(error as Error).message}`);
    }
    try {
      rules = validateRuleSet(json);
    } catch (error) {
      throw new UsageError(`${values.rules}: ${(error as Error).message}`);
    }
  }
  const reads: Record<'left' | 'right', SideRead> = {} as Record<'left' | 'right', SideRead>;
  const readStarted = performance.now();
  for (const side of ['left', 'right'] as const) {
    const file = values[side]!;
    const read = await readSide(file, {
      currency,
      ...(maps[side] ? { map: maps[side] } : {}),
      ...(decimal ? { decimal } : {}),
      ...(values['pdf-password'] ? { pdfPassword: values['pdf-password'] } : {}),
    });
    reportBadRows(file, read, values['skip-bad-rows']);
    console.error(
      `${side}: ${read.kind} ${file}, ${read.records.length.toLocaleString('en')} rows; ${read.mapping}`,
    );
    reads[side] = read;
  }
  const readMs = performance.now() - readStarted;
  const left = reads.left.records;
  const right = reads.right.records;
  const started = performance.now();
  const result = run(left, right, rules);
  const runMs = performance.now() - started;
  const writeStarted = performance.now();
  const sides = indexSides(left, right);
  const fd = values.out ? openSync(values.out, 'w') : 1;
  try {
    const writer = bufferedWriter(fd);
    writeResult(result, sides, rules, writer.write);
    writer.flush();
  } finally {
    if (values.out) closeSync(fd);
  }
  const writeMs = performance.now() - writeStarted;
  if (values.json) {
    const count = (status: string) => result.groups.filter((group) => group.status === status).length;
    console.error(
      JSON.stringify({
        left: left.length,
        right: right.length,
        groups: { reconciled: count('reconciled'), partial: count('partial'), suggested: count('suggested') },
        unreconciled: { left: result.left_open.length, right: result.right_open.length },
        read_ms: Math.round(readMs),
        ms: Math.round(runMs),
        write_ms: Math.round(writeMs),
        peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
        heap_limit_mb: Math.round(getHeapStatistics().heap_size_limit / 1_048_576),
        passes: result.stats,
      }),
    );
  } else {
    for (const line of summaryLines(result, sides)) console.error(line);
    console.error(
      `read ${(readMs / 1000).toFixed(1)} s, matched ${(runMs / 1000).toFixed(1)} s, ` +
        `wrote ${(writeMs / 1000).toFixed(1)} s, ` +
        `peak memory ${Math.round(process.resourceUsage().maxRSS / 1024).toLocaleString('en')} MB`,
    );
  }
  return 0;
}

/**
 * The bin's entry: runs `main` and turns any error into its message on standard error, exit code 2
 * for usage (unknown flag, bad map or rules) and 1 for data, never a stack trace.
 */
export async function runCommandLine(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    console.error(`counterpart-recon: ${error instanceof Error ? error.message : String(error)}`);
    return usage ? 2 : 1;
  }
}
