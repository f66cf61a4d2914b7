/**
 * Ledger rows (CSV or XLSX, already split into cells) into engine records through a column map:
 * one record per row, no intermediate row object. A row that cannot be read is a bad row naming its
 * line, column and value; the file goes on so that every problem is listed at once.
 */
import { minorDigits, parseAmount } from '@counterpart/domain';
import type { EngineRecord } from '../types.ts';
import { DecimalDecision, type DecimalSeparator } from './amount-column.ts';
import { DataError } from './cli-errors.ts';
import {
  type ColumnMap,
  describeMap,
  detectColumnMap,
  type MappedField,
  type ResolvedMap,
  resolveColumnMap,
} from './column-map.ts';
import { parseDay } from './day.ts';
import { noteBadRow, type SideRead } from './side-read.ts';

export interface LedgerOptions {
  fileName: string;
  /** Given with --left-map / --left-map-file; detected from the header when absent. */
  map?: ColumnMap;
  /** Currency of rows without a currency column (or with it empty). */
  currency: string;
  decimal?: DecimalSeparator;
}

type Columns = NonNullable<ResolvedMap['fields'][MappedField]>;

interface Waiting {
  record: EngineRecord;
  line: number;
  text: string;
  minus: string;
}

/** Reads the header, then each row; `finish()` gives the side (amounts waiting for the separator read). */
export class LedgerRows {
  private resolved: ResolvedMap | null = null;
  private header: string[] = [];
  private readonly decision: DecimalDecision;
  private readonly waiting: Waiting[] = [];
  private readonly ids = new Map<string, number>();
  readonly read: SideRead;

  constructor(
    private readonly options: LedgerOptions,
    kind: string,
  ) {
    this.decision = new DecimalDecision(options.decimal);
    this.read = { records: [], kind, mapping: '', badRows: [], badCount: 0 };
  }

  /** The header row: resolves the map (given or detected), or a DataError naming the columns found. */
  setHeader(fields: string[]): void {
    this.header = fields.map((name) => name.trim());
    const map = this.options.map ?? detectColumnMap(this.header);
    this.resolved = resolveColumnMap(map, this.header, this.options.fileName);
    this.read.mapping = describeMap(map) + (this.options.map ? '' : ' (detected from the header)');
  }

  get hasHeader(): boolean {
    return this.resolved !== null;
  }

  /** Notes a bad row; false, so that `return this.bad(…)` says the row was not kept. */
  private bad(line: number, column: string, value: string, what: string): false {
    const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    noteBadRow(this.read, { line, message: `column "${column}", value "${shown}": ${what}` });
    return false;
  }

  private joined(fields: string[], columns: Columns | undefined): string {
    if (!columns) return '';
    if (columns.plus.length === 1) return (fields[columns.plus[0]!] ?? '').trim();
    return columns.plus
      .map((index) => (fields[index] ?? '').trim())
      .filter((value) => value !== '')
      .join(' ');
  }

  /** One data row (its cells and 1-based line); false when it is a bad row. */
  addRow(fields: string[], line: number): boolean {
    const { fields: columns } = this.resolved!;
    const name = (field: MappedField) => columns[field]!.names[0]!;
    const id = this.joined(fields, columns.id);
    if (id === '') return this.bad(line, name('id'), '', 'empty, every row needs an id');
    const seen = this.ids.get(id);
    if (seen !== undefined) return this.bad(line, name('id'), id, `repeats the id of line ${seen}`);
    const dateText = this.joined(fields, columns.date);
    const date = parseDay(dateText);
    if (date === null) {
      return this.bad(line, name('date'), dateText, 'not a date (yyyy-mm-dd, dd/mm/yyyy or dd.mm.yyyy)');
    }
    const currency = (this.joined(fields, columns.currency) || this.options.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) {
      return this.bad(line, name('currency'), currency, 'not an ISO 4217 currency code');
    }
    const amountColumns = columns.amount!;
    const text = (fields[amountColumns.plus[0]!] ?? '').trim();
    const minus = amountColumns.minus.length > 0 ? (fields[amountColumns.minus[0]!] ?? '').trim() : '';
    if (text === '' && minus === '') {
      return this.bad(line, amountColumns.names.join('/'), '', 'empty, the row has no amount');
    }
    for (const [index, value] of [
      [0, text],
      [1, minus],
    ] as const) {
      const contradiction = value === '' ? null : this.decision.observe(value, line);
      if (contradiction) return this.bad(line, amountColumns.names[index]!, value, contradiction);
    }
    const record: EngineRecord = { id, amount: 0n, currency, date, reference: '' };
    const reference = this.joined(fields, columns.reference);
    if (reference) record.reference = reference;
    if (columns.value_date) {
      const valueText = this.joined(fields, columns.value_date);
      if (valueText) {
        const valueDate = parseDay(valueText);
        if (valueDate === null) return this.bad(line, name('value_date'), valueText, 'not a date');
        record.value_date = valueDate;
      }
    }
    const counterparty = this.joined(fields, columns.counterparty);
    if (counterparty) record.counterparty = counterparty;
    const recordText = this.joined(fields, columns.text);
    if (recordText) record.text = recordText;
    if (this.decision.separator === null) {
      this.waiting.push({ record, line, text, minus });
      this.ids.set(id, line);
      return true;
    }
    if (!this.setAmount(record, line, text, minus, this.decision.separator)) return false;
    this.read.records.push(record);
    this.ids.set(id, line);
    return true;
  }

  /** Amount = the column (or In − |Out|); false (and a bad row) when a value cannot be read exactly. */
  private setAmount(
    record: EngineRecord,
    line: number,
    text: string,
    minus: string,
    decimal: DecimalSeparator,
  ): boolean {
    const digits = minorDigits(record.currency);
    const names = this.resolved!.fields.amount!.names;
    let amount = 0n;
    for (const [index, value] of [
      [0, text],
      [1, minus],
    ] as const) {
      if (value === '') continue;
      const reading = parseAmount(value, { decimal, digits });
      if (!reading.ok) {
        this.bad(line, names[index]!, value, `${reading.reason} (${record.currency})`);
        return false;
      }
      const magnitude = index === 1 && reading.minor < 0n ? -reading.minor : reading.minor;
      amount += index === 0 ? magnitude : -magnitude;
    }
    record.amount = amount;
    return true;
  }

  /** The side once every row is in: records in file order, bad rows listed. */
  finish(): SideRead {
    if (!this.resolved) throw new DataError(`${this.options.fileName}: the file has no header row`);
    const decimal = this.decision.separator ?? '.';
    if (this.waiting.length > 0) {
      const done = this.read.records;
      this.read.records = [];
      for (const { record, line, text, minus } of this.waiting) {
        if (this.setAmount(record, line, text, minus, decimal)) this.read.records.push(record);
      }
      for (const record of done) this.read.records.push(record);
      this.waiting.length = 0;
    }
    this.read.mapping += `; ${this.decision.describe()}`;
    this.ids.clear();
    return this.read;
  }
}
