/** Collects the ground truth of one invoice as a layout writes it: each value's text, meaning and place. */
import type { NormalizedValue } from '@counterpart/contracts';
import { quantityValue } from './formats.ts';
import {
  type ColumnKey,
  FIELD_KEYS,
  type FieldKey,
  type Invoice,
  type InvoiceTruth,
  type ValueTruth,
} from './invoice-data.ts';
import { type Placed, union } from './pdf-writer.ts';

export class TruthRecorder {
  private readonly fields: Partial<Record<FieldKey, ValueTruth>> = {};
  private readonly rows: { page: number; cells: Partial<Record<ColumnKey, ValueTruth>> }[] = [];

  constructor(private readonly invoice: Invoice) {}

  private normalized(key: FieldKey, text: string): NormalizedValue {
    const inv = this.invoice;
    const currency = inv.vendor.currency;
    switch (key) {
      case 'invoice_date':
        return { type: 'date', iso: inv.issued };
      case 'due_date':
        return { type: 'date', iso: inv.due };
      case 'subtotal':
        return { type: 'amount', minor: String(inv.subtotal), currency };
      case 'vat':
        return { type: 'amount', minor: String(inv.vat), currency };
      case 'total':
        return { type: 'amount', minor: String(inv.total), currency };
      default:
        return { type: 'text', text };
    }
  }

  /** A field written at `placed` (several places: a value written over lines). */
  field(key: FieldKey, text: string, placed: Placed | Placed[]): void {
    const all = Array.isArray(placed) ? placed : [placed];
    const first = all[0] as Placed;
    this.fields[key] = {
      text,
      normalized: this.normalized(key, text),
      page: first.page,
      box: union(all.filter((p) => p.page === first.page).map((p) => p.box)),
    };
  }

  cell(row: number, key: ColumnKey, text: string, placed: Placed | Placed[]): void {
    const all = Array.isArray(placed) ? placed : [placed];
    const first = all[0] as Placed;
    const item = this.invoice.items[row];
    if (!item) throw new Error(`no line item ${row}`);
    const currency = this.invoice.vendor.currency;
    const normalized: NormalizedValue =
      key === 'quantity'
        ? { type: 'number', value: quantityValue(item.quantity) }
        : key === 'unit_price'
          ? { type: 'amount', minor: String(item.unitMinor), currency }
          : key === 'amount'
            ? { type: 'amount', minor: String(item.amountMinor), currency }
            : { type: 'text', text: item.description };
    this.rows[row] ??= { page: first.page, cells: {} };
    (this.rows[row] as { cells: Partial<Record<ColumnKey, ValueTruth>> }).cells[key] = {
      text,
      normalized,
      page: first.page,
      box: union(all.filter((p) => p.page === first.page).map((p) => p.box)),
    };
  }

  /** The finished truth; throws when a layout forgot a field or a cell (a generator bug). */
  truth(meta: Pick<InvoiceTruth, 'id' | 'layout' | 'vendor_id' | 'held_out_vendor' | 'pages'>): InvoiceTruth {
    const missing = FIELD_KEYS.filter((k) => !this.fields[k]);
    if (missing.length) throw new Error(`layout ${meta.layout} did not write ${missing.join(', ')}`);
    if (
      this.rows.length !== this.invoice.items.length ||
      this.rows.some((r) => !r || Object.keys(r.cells).length !== 4)
    )
      throw new Error(`layout ${meta.layout} did not write every line item cell`);
    return {
      ...meta,
      fields: this.fields as Record<FieldKey, ValueTruth>,
      line_items: this.rows as InvoiceTruth['line_items'],
    };
  }
}
