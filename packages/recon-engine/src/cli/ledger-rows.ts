/**
 * Ledger rows (CSV or XLSX, already split into cells) into engine records through a column map:
 * one record per row, no intermediate row object. A row that cannot be read is a bad row naming its
 * line, column and value; the file goes on so that every problem is listed at once.
 */
import { minorDigits, parseAmount, readPlainAmount } from '@counterpart/domain';
import { parseDay } from '../day.ts';
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
  private readonly days = new Map<string, number | null>();
  private lastCurrency = '';
  private lastDigits = 2;
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

  /** parseDay, remembered for the last few thousand texts (a ledger's dates repeat). */
  private dayOf(text: string): number | null {
    const known = this.days.get(text);
    if (known !== undefined) return known;
    if (this.days.size >= 8192) this.days.clear();
    const day = parseDay(text);
    this.days.set(text, day);
    return day;
  }

  private columnName(field: MappedField): string {
    return this.resolved!.fields[field]!.names[0]!;
  }

  /** The row's currency (the column's, or the default) and its minor digits, cached for runs of one. */
  private currencyOf(fields: string[], line: number): string | null {
    const stated = this.joined(fields, this.resolved!.fields.currency);
    const currency = stated === '' ? this.options.currency : stated.toUpperCase();
    if (currency === this.lastCurrency) return currency;
    if (!/^[A-Z]{3}$/.test(currency)) {
      return this.bad(line, this.columnName('currency'), stated, 'not an ISO 4217 currency code') || null;
    }
    this.lastCurrency = currency;
    this.lastDigits = minorDigits(currency);
    return currency;
  }

  /** One data row (its cells and 1-based line); false when it is a bad row. */
  addRow(fields: string[], line: number): boolean {
    const columns = this.resolved!.fields;
    const id = this.joined(fields, columns.id);
    if (id === '') return this.bad(line, this.columnName('id'), '', 'empty, every row needs an id');
    const seen = this.ids.get(id);
    if (seen !== undefined)
      return this.bad(line, this.columnName('id'), id, `repeats the id of line ${seen}`);
    const dateText = this.joined(fields, columns.date);
    const date = this.dayOf(dateText);
    if (date === null) {
      return this.bad(
        line,
        this.columnName('date'),
        dateText,
        'not a date (yyyy-mm-dd, dd/mm/yyyy or dd.mm.yyyy)',
      );
    }
    const currency = this.currencyOf(fields, line);
    if (currency === null) return false;
    const amountColumns = columns.amount!;
    const text = (fields[amountColumns.plus[0]!] ?? '').trim();
    const minus = amountColumns.minus.length > 0 ? (fields[amountColumns.minus[0]!] ?? '').trim() : '';
    if (text === '' && minus === '') {
      return this.bad(line, amountColumns.names.join('/'), '', 'empty, the row has no amount');
    }
    const record: EngineRecord = { id, amount: 0n, currency, date, reference: '' };
    const reference = this.joined(fields, columns.reference);
    if (reference) record.reference = reference;
    if (columns.value_date) {
      const valueText = this.joined(fields, columns.value_date);
      if (valueText) {
        const valueDate = parseDay(valueText);
        if (valueDate === null) return this.bad(line, this.columnName('value_date'), valueText, 'not a date');
        record.value_date = valueDate;
      }
    }
    const counterparty = this.joined(fields, columns.counterparty);
    if (counterparty) record.counterparty = counterparty;
    const recordText = this.joined(fields, columns.text);
    if (recordText) record.text = recordText;
    const decimal = this.decision.separator;
    if (decimal !== null) {
      // A plain value (digits in groups of three, the currency's decimals at most) cannot contradict.
      const plus = text === '' ? 0n : readPlainAmount(text, decimal, this.lastDigits);
      const less = minus === '' ? 0n : readPlainAmount(minus, decimal, this.lastDigits);
      if (plus !== null && less !== null) {
        record.amount = plus - (less < 0n ? -less : less);
        return this.keep(record, line);
      }
    }
    if (!this.observe(text, 0, line) || !this.observe(minus, 1, line)) return false;
    if (this.decision.separator === null) {
      this.waiting.push({ record, line, text, minus });
      this.ids.set(id, line);
      return true;
    }
    if (!this.setAmount(record, line, text, minus, this.decision.separator)) return false;
    return this.keep(record, line);
  }

  private keep(record: EngineRecord, line: number): true {
    this.read.records.push(record);
    this.ids.set(record.id, line);
    return true;
  }

  /** Lets the value decide the column's separator; false (a bad row) when it contradicts it. */
  private observe(value: string, index: 0 | 1, line: number): boolean {
    if (value === '') return true;
    const contradiction = this.decision.observe(value, line);
    if (!contradiction) return true;
    return this.bad(line, this.resolved!.fields.amount!.names[index]!, value, contradiction);
  }

  /** Amount = the column (or In − |Out|); false (and a bad row) when a value cannot be read exactly. */
  private setAmount(
    record: EngineRecord,
    line: number,
    text: string,
    minus: string,
    decimal: DecimalSeparator,
  ): boolean {
    const plus = this.readValue(record, line, text, 0, decimal);
    const less = this.readValue(record, line, minus, 1, decimal);
    if (plus === null || less === null) return false;
    record.amount = plus - (less < 0n ? -less : less);
    return true;
  }

  private readValue(
    record: EngineRecord,
    line: number,
    value: string,
    index: 0 | 1,
    decimal: DecimalSeparator,
  ): bigint | null {
    if (value === '') return 0n;
    const reading = parseAmount(value, { decimal, digits: minorDigits(record.currency) });
    if (reading.ok) return reading.minor;
    const names = this.resolved!.fields.amount!.names;
    return this.bad(line, names[index]!, value, `${reading.reason} (${record.currency})`) || null;
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
