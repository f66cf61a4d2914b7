/**
 * Rule-based models as a user would write them in the rules step, one per layout: anchors copied from
 * the invoice's own labels, a box drawn around the vendor's name, a regex for the KRA PIN, the date
 * formats and decimal separator the vendor prints, the table's column headings. Written from the
 * invoices (bench/extraction/out/preview), not from the engine's code.
 */
import type { Filter, LabelRule, Rule } from '@counterpart/contracts';
import type { DateStyle } from './formats.ts';
import { LAYOUT_SPECS } from './generator.ts';
import { LAYOUTS } from './invoice-data.ts';
import { configuration, LABELS, TABLE_KEY } from './labels.ts';

type TrainedLayout = (typeof LAYOUTS)[number];

const right = (anchor: string, extra: Partial<Extract<Rule, { method: 'anchor' }>> = {}): Rule => ({
  method: 'anchor',
  anchor,
  anchor_match: 'contains',
  direction: 'right',
  max_distance: 0.4,
  ...extra,
});
const below = (anchor: string, extra: Partial<Extract<Rule, { method: 'anchor' }>> = {}): Rule => ({
  method: 'anchor',
  anchor,
  anchor_match: 'contains',
  direction: 'below',
  max_distance: 0.05,
  ...extra,
});
const zone = (x0: number, y0: number, x1: number, y1: number): Rule => ({
  method: 'zone',
  page: 'first',
  box: { x0, y0, x1, y1 },
});
const regex = (pattern: string): Rule => ({ method: 'regex', pattern, group: 1, case_sensitive: false });

const AMOUNT = '[0-9][0-9.,]*';
const PIN = regex('\\b(P\\d{9}[A-Z])\\b');
const dates = (layout: TrainedLayout): Filter[] => [
  { kind: 'date', formats: LAYOUT_SPECS[layout].dates as DateStyle[] },
];
const amount: Filter[] = [{ kind: 'amount' }];
const trim: Filter[] = [{ kind: 'trim' }];

interface Rules {
  keywords: string[];
  decimal: '.' | ',';
  fields: Record<string, { rules: Rule[]; filters?: Filter[]; pick?: LabelRule['pick'] }>;
  table: Extract<Rule, { method: 'table' }>;
}

const RULES: Record<TrainedLayout, Rules> = {
  classic: {
    keywords: ['Bill To'],
    decimal: '.',
    fields: {
      invoice_number: { rules: [right('Invoice No')] },
      invoice_date: { rules: [right('Invoice Date')], filters: dates('classic') },
      due_date: { rules: [right('Due Date')], filters: dates('classic') },
      vendor_name: { rules: [zone(0.05, 0.048, 0.6, 0.08)] },
      vendor_kra_pin: { rules: [PIN] },
      customer_name: { rules: [below('Bill To')] },
      subtotal: { rules: [right('Subtotal', { value_pattern: AMOUNT })], filters: amount },
      vat: { rules: [right('VAT', { value_pattern: AMOUNT })], filters: amount },
      total: {
        rules: [right('Total', { anchor_match: 'exact', value_pattern: AMOUNT })],
        filters: amount,
        pick: 'last',
      },
      currency: { rules: [right('Currency')] },
    },
    table: {
      method: 'table',
      columns: [
        { key: 'description', header: 'Description' },
        { key: 'quantity', header: 'Qty' },
        { key: 'unit_price', header: 'Unit Price' },
        { key: 'amount', header: 'Amount' },
      ],
      end_pattern: 'Subtotal',
    },
  },
  stacked: {
    keywords: ['BILLED TO', 'DATE OF ISSUE'],
    decimal: '.',
    fields: {
      invoice_number: { rules: [below('INVOICE NUMBER')] },
      invoice_date: { rules: [below('DATE OF ISSUE')], filters: dates('stacked') },
      due_date: { rules: [below('DUE DATE')], filters: dates('stacked') },
      vendor_name: { rules: [zone(0.05, 0.045, 0.65, 0.085)] },
      vendor_kra_pin: { rules: [below('KRA PIN')] },
      customer_name: { rules: [below('BILLED TO')] },
      subtotal: { rules: [below('SUBTOTAL')], filters: amount },
      vat: { rules: [below('VAT 16%')], filters: amount },
      total: { rules: [below('TOTAL DUE')], filters: amount },
      currency: { rules: [regex('All amounts in ([A-Z]{3})')] },
    },
    table: {
      method: 'table',
      columns: [
        { key: 'description', header: 'ITEM' },
        { key: 'quantity', header: 'QTY' },
        { key: 'unit_price', header: 'RATE' },
        { key: 'amount', header: 'AMOUNT' },
      ],
      end_pattern: 'SUBTOTAL',
    },
  },
  'two-column': {
    keywords: ['From', 'Issue Date'],
    decimal: '.',
    fields: {
      invoice_number: { rules: [right('Invoice No', { max_distance: 0.25 })] },
      invoice_date: { rules: [right('Issue Date', { max_distance: 0.25 })], filters: dates('two-column') },
      due_date: { rules: [right('Due Date', { max_distance: 0.25 })], filters: dates('two-column') },
      vendor_name: { rules: [below('From', { max_distance: 0.03 })] },
      vendor_kra_pin: { rules: [PIN] },
      customer_name: { rules: [below('To', { anchor_match: 'exact', max_distance: 0.03 })] },
      subtotal: { rules: [right('Sub Total', { value_pattern: AMOUNT })], filters: amount },
      vat: { rules: [right('VAT', { value_pattern: AMOUNT })], filters: amount },
      total: { rules: [right('Total', { anchor_match: 'exact', value_pattern: AMOUNT })], filters: amount },
      currency: { rules: [right('Currency', { max_distance: 0.25 })] },
    },
    table: {
      method: 'table',
      columns: [
        { key: 'description', header: 'Description' },
        { key: 'quantity', header: 'Qty' },
        { key: 'unit_price', header: 'Rate' },
        { key: 'amount', header: 'Amount' },
      ],
      end_pattern: 'Sub Total',
    },
  },
  euro: {
    keywords: ['Gross total'],
    decimal: ',',
    fields: {
      invoice_number: { rules: [right('Invoice no.')] },
      invoice_date: { rules: [right('Invoice date')], filters: dates('euro') },
      due_date: { rules: [right('Payment due')], filters: dates('euro') },
      vendor_name: { rules: [zone(0.45, 0.045, 0.95, 0.077)] },
      vendor_kra_pin: { rules: [right('KRA PIN')] },
      customer_name: { rules: [right('Customer')] },
      subtotal: { rules: [right('Net total', { value_pattern: AMOUNT })], filters: amount },
      vat: { rules: [right('VAT 16 %', { value_pattern: AMOUNT })], filters: amount },
      total: { rules: [right('Gross total', { value_pattern: AMOUNT })], filters: amount },
      currency: { rules: [right('Gross total', { value_pattern: '[A-Z]{3}' })] },
    },
    table: {
      method: 'table',
      columns: [
        { key: 'description', header: 'Description' },
        { key: 'quantity', header: 'Quantity' },
        { key: 'unit_price', header: 'Unit price' },
        { key: 'amount', header: 'Net amount' },
      ],
      end_pattern: 'Net total',
    },
  },
  long: {
    keywords: ['Sold To'],
    decimal: '.',
    fields: {
      invoice_number: { rules: [right('Invoice Number')] },
      invoice_date: { rules: [right('Invoice Date')], filters: dates('long') },
      due_date: { rules: [right('Due Date')], filters: dates('long') },
      vendor_name: { rules: [zone(0.05, 0.045, 0.6, 0.075)] },
      vendor_kra_pin: { rules: [right('PIN No')] },
      customer_name: { rules: [below('Sold To')] },
      subtotal: { rules: [right('Subtotal', { value_pattern: AMOUNT })], filters: amount },
      vat: { rules: [right('VAT 16%', { value_pattern: AMOUNT })], filters: amount },
      total: { rules: [right('Invoice Total', { value_pattern: AMOUNT })], filters: amount },
      currency: { rules: [right('Invoice Total', { value_pattern: '[A-Z]{3}' })] },
    },
    table: {
      method: 'table',
      columns: [
        { key: 'description', header: 'Item Description' },
        { key: 'quantity', header: 'Quantity' },
        { key: 'unit_price', header: 'Unit Cost' },
        { key: 'amount', header: 'Line Total' },
      ],
      end_pattern: 'Subtotal',
    },
  },
  'tax-invoice': {
    keywords: ['TAX INVOICE'],
    decimal: '.',
    fields: {
      invoice_number: { rules: [right('Invoice #', { max_distance: 0.3 })] },
      invoice_date: {
        rules: [right('Date', { anchor_match: 'exact', max_distance: 0.3 })],
        filters: dates('tax-invoice'),
      },
      due_date: {
        rules: [right('Due', { anchor_match: 'exact', max_distance: 0.3 })],
        filters: dates('tax-invoice'),
      },
      vendor_name: { rules: [zone(0.2, 0.04, 0.8, 0.07)] },
      vendor_kra_pin: { rules: [right('PIN')] },
      customer_name: { rules: [right('Customer', { max_distance: 0.3 })] },
      subtotal: { rules: [right('Sub-total', { value_pattern: AMOUNT })], filters: amount },
      vat: { rules: [right('VAT @ 16%', { value_pattern: AMOUNT })], filters: amount },
      total: { rules: [right('TOTAL', { anchor_match: 'exact', value_pattern: AMOUNT })], filters: amount },
      currency: { rules: [right('TOTAL', { anchor_match: 'exact', value_pattern: '[A-Z]{3}' })] },
    },
    table: {
      method: 'table',
      columns: [
        { key: 'quantity', header: 'Qty' },
        { key: 'description', header: 'Description' },
        { key: 'unit_price', header: 'Unit Price' },
        { key: 'amount', header: 'Total' },
      ],
      end_pattern: 'Sub-total',
    },
  },
};

/** The rule-based model (contracts' shapes) a user would write for a layout. */
export function ruleModel(layout: TrainedLayout) {
  const r = RULES[layout];
  const rules: LabelRule[] = LABELS.map((label) => {
    if (label.key === TABLE_KEY)
      return { label_id: label.id, label_key: label.key, rules: [r.table], pick: 'first', filters: [] };
    const field = r.fields[label.key];
    if (!field) throw new Error(`${layout}: no rule for ${label.key}`);
    return {
      label_id: label.id,
      label_key: label.key,
      rules: field.rules,
      pick: field.pick ?? 'first',
      filters: [...trim, ...(field.filters ?? [])],
    };
  });
  return {
    kind: 'rule_based' as const,
    configuration: configuration({
      decimal_separator: r.decimal,
      selection: { mode: 'all', keywords: r.keywords, exclude: [] },
    }),
    labels: LABELS,
    rules,
    learned: null,
  };
}

export const RULE_LAYOUTS = LAYOUTS;
