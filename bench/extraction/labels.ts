/**
 * The benchmark model's labels (one per ground-truth field, plus the line-items table) and its
 * configuration; the annotations a user would make on a training document, from its truth.
 */
import type { Annotation, Label, LabelType, ModelConfiguration } from '@counterpart/contracts';
import { COLUMN_KEYS, FIELD_KEYS, type FieldKey, type InvoiceTruth } from './invoice-data.ts';

export const MODEL_ID = 'bench-invoices';
export const TABLE_KEY = 'line_items';

const FIELD_TYPES: Record<FieldKey, LabelType> = {
  invoice_number: 'text',
  invoice_date: 'date',
  due_date: 'date',
  vendor_name: 'text',
  vendor_kra_pin: 'text',
  customer_name: 'text',
  subtotal: 'amount',
  vat: 'amount',
  total: 'amount',
  currency: 'text',
};

const title = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const LABELS: Label[] = [
  ...FIELD_KEYS.map((key, position) => ({
    id: `label-${key}`,
    model_id: MODEL_ID,
    key,
    name: title(key),
    type: FIELD_TYPES[key],
    required: key === 'invoice_number' || key === 'total',
    columns: [],
    position,
  })),
  {
    id: `label-${TABLE_KEY}`,
    model_id: MODEL_ID,
    key: TABLE_KEY,
    name: 'Line items',
    type: 'table',
    required: false,
    columns: [
      { key: 'description', name: 'Description', type: 'text' },
      { key: 'quantity', name: 'Quantity', type: 'number' },
      { key: 'unit_price', name: 'Unit price', type: 'amount' },
      { key: 'amount', name: 'Amount', type: 'amount' },
    ],
    position: FIELD_KEYS.length,
  },
];

/** A model's configuration: KES, day-first dates, a decimal point unless told otherwise. */
export function configuration(overrides: Partial<ModelConfiguration> = {}): ModelConfiguration {
  return {
    confidence_threshold: 0.8,
    ocr_language: 'eng',
    date_order: 'DMY',
    decimal_separator: '.',
    currency: 'KES',
    target_table_id: null,
    selection: { mode: 'any', keywords: [], exclude: [] },
    ...overrides,
  };
}

/** What a user marks on a training document: every field's value and every line-item cell. */
export function annotationsOf(truth: InvoiceTruth): Annotation[] {
  const fields = FIELD_KEYS.map((key) => {
    const v = truth.fields[key];
    return { label_key: key, page: v.page, box: v.box, value: v.text };
  });
  const cells = truth.line_items.flatMap((row, index) =>
    COLUMN_KEYS.map((column) => {
      const v = row.cells[column];
      return { label_key: TABLE_KEY, page: v.page, box: v.box, value: v.text, row: index, column };
    }),
  );
  return [...fields, ...cells];
}
