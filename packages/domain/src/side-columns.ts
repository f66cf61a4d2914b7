/**
 * Which columns of a table a reconciliation reads when nobody said: the amount, the date and the
 * counterparty, proposed from the columns' types and names. One definition for the server (a run
 * without given fields) and the web (the run dialog's proposal). The reference columns come from the
 * association mapping, else the text columns (the server's `resolveSideFields`).
 *
 * A ledger often has several money columns (Net Amount, VAT, Total): the one a payment settles is the
 * gross total, so a name that says total, amount or paid wins over one that says net, tax or balance;
 * among equals, the first column.
 */
import type { TableColumn } from '@counterpart/contracts';

type Column = Pick<TableColumn, 'id' | 'name' | 'type'>;

interface NameRule {
  pattern: RegExp;
  points: number;
}

/** Words of an amount column's name, from the strongest to the weakest sign (first that fits counts). */
const AMOUNT_NAMES: NameRule[] = [
  {
    pattern:
      /\b(net|vat|tax|taxes|discount|fees?|charges?|commission|balance|sub\s*total|subtotal|excl?|ex[\s-]?vat|quantity|qty|unit|price|rate|percent)\b|%/,
    points: -3,
  },
  {
    pattern: /\b(total|gross|paid\s*in|amount\s*paid|paid|amount|receipts?|payments?|credit|debit|value)\b/,
    points: 2,
  },
];

const DATE_NAMES: NameRule[] = [
  { pattern: /\b(due|value|created|updated|modified|expiry|expires|birth)\b/, points: -2 },
  {
    pattern: /\b(transaction|completion|posting|booking|invoice|document|payment|receipt|date)\b/,
    points: 1,
  },
];

/** A text column that names who paid or is owed (never an id or a reference). */
const PARTY_NAME =
  /\b(customer|client|payer|payee|counterparty|counter\s*party|other\s*party|party|vendor|supplier|debtor|creditor|beneficiary|account\s*name|name)\b/;
const NOT_PARTY = /\b(id|no|number|code|ref|reference|file|table|sheet)\b|#/;
/** Contact details of a party: a counterparty only when no column names the party itself. */
const CONTACT = /\b(phone|mobile|msisdn|tel|telephone|e-?mail|address)\b/;

function words(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
}

function pointsOf(name: string, rules: readonly NameRule[]): number {
  const text = words(name);
  for (const rule of rules) if (rule.pattern.test(text)) return rule.points;
  return 0;
}

/** The candidate with the most points; the first among equals. */
function best(candidates: readonly Column[], rules: readonly NameRule[]): Column | null {
  let chosen: Column | null = null;
  let chosenPoints = Number.NEGATIVE_INFINITY;
  for (const column of candidates) {
    const points = pointsOf(column.name, rules);
    if (points > chosenPoints) {
      chosen = column;
      chosenPoints = points;
    }
  }
  return chosen;
}

/** The amount column: a currency column (else a number column) whose name says it is the amount paid or owed. */
export function proposedAmountColumn<C extends Column>(columns: readonly C[]): C | null {
  const currency = columns.filter((column) => column.type === 'currency');
  return best(
    currency.length > 0 ? currency : columns.filter((c) => c.type === 'number'),
    AMOUNT_NAMES,
  ) as C | null;
}

/** The date column: the transaction's or document's date rather than a due, value or system date. */
export function proposedDateColumn<C extends Column>(columns: readonly C[]): C | null {
  return best(
    columns.filter((column) => column.type === 'date'),
    DATE_NAMES,
  ) as C | null;
}

/** The counterparty column: a text column named like a customer, payer or supplier; null when none is. */
export function proposedCounterpartyColumn<C extends Column>(columns: readonly C[]): C | null {
  const parties = columns.filter((column) => {
    if (column.type !== 'text' && column.type !== 'single_select') return false;
    const text = words(column.name);
    return PARTY_NAME.test(text) && !NOT_PARTY.test(text);
  });
  return parties.find((column) => !CONTACT.test(words(column.name))) ?? parties[0] ?? null;
}

/** A column whose name says it holds a document's or payment's number (Invoice No, Reference, Receipt). */
const REFERENCE_NAME =
  /\b(invoice|inv|ref|reference|receipt|transaction|trans|document|doc|number|no|nr|code|id|cheque|check)\b|#/;

/**
 * The columns that carry a row's reference as typed (an export's "invoice numbers"): text columns
 * named like a number or reference; else the first text column. Parties and descriptions are not.
 */
export function proposedReferenceColumns<C extends Column>(columns: readonly C[]): C[] {
  const texts = columns.filter((column) => column.type === 'text' || column.type === 'single_select');
  const named = texts.filter((column) => REFERENCE_NAME.test(words(column.name)));
  return named.length > 0 ? named : texts.slice(0, 1);
}
