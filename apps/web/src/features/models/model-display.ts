import type {
  DOCUMENT_TYPES,
  LABEL_TYPES,
  ModelExecutionStatus,
  ModelState,
  NormalizedValue,
} from '@counterpart/contracts';
import { formatMinorCurrency, minorDigits } from '@counterpart/domain';

/** How models, labels and results are named on every models page (one wording for all of them). */

export const STATE_LABELS: Record<ModelState, string> = {
  draft: 'Draft',
  training: 'Learning',
  ready: 'Ready',
  failed: 'Failed',
};

/** The badge status whose tone fits each state (StatusBadge's tones: success, warning, danger, neutral). */
export const STATE_TONES: Record<ModelState, string> = {
  draft: 'draft',
  training: 'partial',
  ready: 'active',
  failed: 'inactive',
};

export const EXECUTION_LABELS: Record<ModelExecutionStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Extracted',
  needs_review: 'Needs review',
  failed: 'Failed',
};

export const EXECUTION_TONES: Record<ModelExecutionStatus, string> = {
  queued: 'queued',
  running: 'running',
  succeeded: 'active',
  needs_review: 'partial',
  failed: 'inactive',
};

export const DOCUMENT_TYPE_LABELS: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  receipt: 'Receipt',
  purchase_order: 'Purchase order',
  statement: 'Statement',
  other: 'Other',
};

export const LABEL_TYPE_LABELS: Record<(typeof LABEL_TYPES)[number], string> = {
  text: 'Text',
  number: 'Number',
  amount: 'Amount',
  date: 'Date',
  table: 'Line items (table)',
};

/** A confidence 0..1 as a whole percent: 0.934 → "93%". */
export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** A value as the engine understood it: amounts in their currency, dates as written in ISO, numbers as read. */
export function displayNormalized(value: NormalizedValue | null): string | null {
  if (!value) return null;
  switch (value.type) {
    case 'amount':
      return formatMinorCurrency(BigInt(value.minor), value.currency, minorDigits(value.currency));
    case 'date':
      return value.iso;
    case 'number':
      return value.value;
    case 'text':
      return value.text;
  }
}

/** A label's key from its name: "Invoice number" → "invoice_number" (the key field's first suggestion). */
export function keyFromName(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63);
  return /^[a-z]/.test(key) ? key : key ? `f_${key}`.slice(0, 63) : '';
}
