/**
 * invoice2data-style templates, the comparison the issue asks for: per layout, keywords, one regular
 * expression per field over the `pdftotext -layout` text (layout-text.ts), and line items as one
 * regex per line between a start and an end pattern — written as its users write them, from the
 * text. Values are then read like invoice2data's options do (date formats, decimal separator), here
 * with the engine's normalizeValue so that only the finding differs.
 */
import type { DocumentTokens, ExtractionResult, FieldResult } from '@counterpart/contracts';
import { normalizeValue } from '@counterpart/extraction';
import { LAYOUT_SPECS } from './generator.ts';
import { COLUMN_KEYS, FIELD_KEYS, type FieldKey, type LAYOUTS } from './invoice-data.ts';
import { configuration, LABELS, TABLE_KEY } from './labels.ts';
import { layoutText } from './layout-text.ts';

interface Template {
  keywords: string[];
  decimal: '.' | ',';
  fields: Record<FieldKey, string>;
  lines: { start: string; end: string; line: string };
}

const A = '(\\d[\\d,]*\\.\\d{2})'; // an amount, 1,471.60
const E = '(\\d[\\d.]*,\\d{2})'; // 1.471,60
const DATE = '(\\d{1,2}(?:/|-| )[A-Za-z0-9]{2,9}(?:/|-| )\\d{4})';
const ROW = (amount: string) =>
  `(?<unit_price>${amount.slice(1, -1)})\\s+(?<amount>${amount.slice(1, -1)})\\s*$`;

const TEMPLATES: Record<(typeof LAYOUTS)[number], Template> = {
  classic: {
    keywords: ['Bill To:', 'INVOICE'],
    decimal: '.',
    fields: {
      vendor_name: '^\\s*(\\S.*?)\\s+INVOICE\\s*$',
      vendor_kra_pin: 'KRA\\s+PIN:\\s*(P\\d{9}[A-Z])',
      invoice_number: 'Invoice No:\\s+(\\S+)',
      invoice_date: `Invoice Date:\\s+${DATE}`,
      due_date: `Due\\s+Date:\\s+${DATE}`,
      currency: 'Currency:\\s+([A-Z]{3})',
      customer_name: 'Bill To:\\s*\\n\\s*(\\S.*?)\\s*$',
      subtotal: `Subtotal\\s+${A}`,
      vat: `VAT\\s+\\(16%\\)\\s+${A}`,
      total: `^\\s*Total\\s+${A}`,
    },
    lines: {
      start: 'Description\\s+Qty\\s+Unit Price\\s+Amount',
      end: 'Subtotal',
      line: `^\\s*(?<description>\\S.*?)\\s+(?<quantity>\\d+(?:\\.\\d+)?)\\s+${ROW(A)}`,
    },
  },
  stacked: {
    keywords: ['BILLED TO'],
    decimal: '.',
    fields: {
      vendor_name: '^\\s*(\\S.*?)\\s{2,}(?:P\\.O\\. )?Box',
      vendor_kra_pin: 'KRA PIN\\s*\\n.*\\s(P\\d{9}[A-Z])',
      invoice_number: 'INVOICE NUMBER.*\\n\\s*(\\S+)',
      invoice_date: 'DATE OF ISSUE.*\\n\\s*\\S+\\s+(\\S+)',
      due_date: 'DUE DATE.*\\n\\s*\\S+\\s+\\S+\\s+(\\S+)',
      currency: 'All amounts in\\s+([A-Z]{3})',
      customer_name: 'BILLED TO\\s*\\n\\s*(\\S.*?)\\s*$',
      subtotal: `SUBTOTAL.*\\n\\s*${A}`,
      vat: `SUBTOTAL.*\\n\\s*\\S+\\s+${A}`,
      total: `TOTAL DUE\\s*\\n\\s*\\S+\\s+\\S+\\s+${A}`,
    },
    lines: {
      start: 'ITEM\\s+QTY\\s+RATE\\s+AMOUNT',
      end: 'SUBTOTAL',
      line: `^\\s*(?<description>\\S.*?)\\s+(?<quantity>\\d+(?:\\.\\d+)?)\\s+${ROW(A)}`,
    },
  },
  'two-column': {
    keywords: ['From', 'Issue Date'],
    decimal: '.',
    fields: {
      vendor_name: '^\\s*From\\s+To\\s*\\n\\s*(\\S.*?)\\s{6,}',
      vendor_kra_pin: 'PIN\\s+(P\\d{9}[A-Z])',
      invoice_number: 'Invoice No\\.\\s+(\\S+)',
      invoice_date: `Issue Date\\s+${DATE}`,
      due_date: `Due\\s+Date\\s+${DATE}`,
      currency: 'Currency\\s+([A-Z]{3})',
      customer_name: '^\\s*From\\s+To\\s*\\n\\s*\\S.*?\\s{6,}(\\S.*?)\\s*$',
      subtotal: `Sub Total\\s+${A}`,
      vat: `VAT\\s+16%\\s+${A}`,
      total: `^\\s*Total\\s+${A}`,
    },
    lines: {
      start: '#\\s+Description\\s+Qty\\s+Rate\\s+Amount',
      end: 'Sub Total',
      line: `^\\s*\\d+\\s+(?<description>\\S.*?)\\s+(?<quantity>\\d+(?:\\.\\d+)?)\\s+${ROW(A)}`,
    },
  },
  euro: {
    keywords: ['Gross total'],
    decimal: ',',
    fields: {
      vendor_name: '^\\s*Amount\\s+due\\s{6,}(\\S.*?)\\s*$',
      vendor_kra_pin: 'KRA PIN:\\s*(P\\d{9}[A-Z])',
      invoice_number: 'Invoice no\\.:\\s+(\\S+)',
      invoice_date: 'Invoice date:\\s+(\\d{2}\\.\\d{2}\\.\\d{4})',
      due_date: 'Payment due:\\s+(\\d{2}\\.\\d{2}\\.\\d{4})',
      currency: 'Gross total\\s+([A-Z]{3})',
      customer_name: 'Customer:\\s+(\\S.*?)\\s*$',
      subtotal: `Net total\\s+${E}`,
      vat: `VAT\\s+16 %\\s+${E}`,
      total: `Gross total\\s+[A-Z]{3}\\s+${E}`,
    },
    lines: {
      start: 'Pos\\.\\s+Description',
      end: 'Net total',
      line: `^\\s*\\d+\\s+(?<description>\\S.*?)\\s+(?<quantity>\\d+(?:,\\d+)?)\\s+${ROW(E)}`,
    },
  },
  long: {
    keywords: ['Sold To:'],
    decimal: '.',
    fields: {
      vendor_name: '^\\s*(\\S.*?)\\s+INVOICE\\s*$',
      vendor_kra_pin: 'PIN No:\\s*(P\\d{9}[A-Z])',
      invoice_number: 'Invoice Number\\s+(\\S+)',
      invoice_date: 'Invoice Date\\s+(\\d{4}-\\d{2}-\\d{2})',
      due_date: 'Due\\s+Date\\s+(\\d{4}-\\d{2}-\\d{2})',
      currency: 'Invoice Total\\s+([A-Z]{3})',
      customer_name: 'Sold\\s+To:.*\\n\\s*(\\S.*?)\\s{6,}',
      subtotal: `Subtotal\\s+${A}`,
      vat: `VAT\\s+16%\\s+${A}`,
      total: `Invoice Total\\s+[A-Z]{3}\\s+${A}`,
    },
    lines: {
      start: 'Item Description\\s+Quantity',
      end: 'Subtotal',
      line: `^\\s*(?<description>\\S.*?)\\s+(?<quantity>\\d+(?:\\.\\d+)?)\\s+${ROW(A)}`,
    },
  },
  'tax-invoice': {
    keywords: ['TAX INVOICE'],
    decimal: '.',
    fields: {
      vendor_name: '^\\s*(\\S.*?)\\s*$',
      vendor_kra_pin: 'PIN:\\s*(P\\d{9}[A-Z])',
      invoice_number: 'Invoice #\\s+(\\S+)',
      invoice_date: 'Date\\s+([A-Za-z]{3} \\d{1,2}, \\d{4}|\\d{2}-[A-Za-z]{3}-\\d{4})',
      due_date: 'Due\\s+([A-Za-z]{3} \\d{1,2}, \\d{4}|\\d{2}-[A-Za-z]{3}-\\d{4})',
      currency: 'TOTAL\\s+([A-Z]{3})',
      customer_name: 'Customer\\s+(\\S.*?)\\s{6,}',
      subtotal: `Sub-total\\s+${A}`,
      vat: `VAT\\s+@\\s+16%\\s+${A}`,
      total: `TOTAL\\s+[A-Z]{3}\\s+${A}`,
    },
    lines: {
      start: 'Qty\\s+Description',
      end: 'Sub-total',
      line: `^\\s*(?<quantity>\\d+(?:\\.\\d+)?)\\s+(?<description>\\S.*?)\\s+${ROW(A)}`,
    },
  },
};

/** A space in a pattern (outside a character class) stands for any run of spaces, as in the layout text. */
function spaced(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    if (c === ']') inClass = false;
    out += c === ' ' && !inClass ? '\\s+' : c;
  }
  return out;
}

const typeOf = (key: string) => LABELS.find((l) => l.key === key)?.type ?? 'text';

/** Runs the layout's template over a document: an ExtractionResult to score like the others. */
export function runTemplate(layout: (typeof LAYOUTS)[number], doc: DocumentTokens): ExtractionResult {
  const t = TEMPLATES[layout];
  const text = layoutText(doc);
  const config = configuration({ decimal_separator: t.decimal });
  const hints = { decimal: t.decimal, dateFormats: LAYOUT_SPECS[layout].dates };
  const collapsed = text.replace(/[ \t]+/g, ' ');
  const matched = t.keywords.every((k) => collapsed.includes(k));
  const normalize = (type: string, value: string) =>
    normalizeValue(
      type === 'table' ? 'text' : (type as 'text' | 'number' | 'amount' | 'date'),
      value,
      config,
      hints,
    ).normalized;
  const fields: FieldResult[] = FIELD_KEYS.map((key) => {
    const m = matched ? new RegExp(spaced(t.fields[key]), 'm').exec(text) : null;
    const value = m?.[1]?.replace(/\s+/g, ' ').trim() ?? null;
    return {
      key,
      value,
      normalized: value === null ? null : normalize(typeOf(key), value),
      confidence: value === null ? 0 : 1,
      page: null,
      box: null,
      source: 'invoice2data template',
      alternatives: [],
      needs_review: value === null,
    };
  });
  const rows: ExtractionResult['tables'][number]['rows'] = [];
  const start = matched ? new RegExp(spaced(t.lines.start), 'm').exec(text) : null;
  if (start) {
    const rest = text.slice(start.index + start[0].length);
    const end = new RegExp(spaced(t.lines.end), 'm').exec(rest);
    const section = end ? rest.slice(0, end.index) : rest;
    const line = new RegExp(spaced(t.lines.line));
    const column = LABELS.find((l) => l.key === TABLE_KEY)?.columns ?? [];
    for (const l of section.split('\n')) {
      const m = line.exec(l);
      if (!m?.groups) continue;
      const cells: Record<
        string,
        { value: string; normalized: ReturnType<typeof normalize>; confidence: number; page: null; box: null }
      > = {};
      for (const key of COLUMN_KEYS) {
        const value = (m.groups[key] ?? '').trim();
        cells[key] = {
          value,
          normalized: normalize(column.find((c) => c.key === key)?.type ?? 'text', value),
          confidence: 1,
          page: null,
          box: null,
        };
      }
      rows.push({ page: 1, cells });
    }
  }
  return {
    layout_matched: matched,
    fields,
    tables: [{ key: TABLE_KEY, rows, confidence: 1, source: 'invoice2data template', needs_review: false }],
    needs_review: false,
    pages: doc.pages.length,
    text_source: 'pdf',
    ocr_confidence: null,
  };
}
