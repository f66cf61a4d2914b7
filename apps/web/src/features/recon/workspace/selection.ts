import type { ReconItem, ReconStatus, SideFields, TableColumn } from '@counterpart/contracts';
import { formatMinorCurrency, toMinorUnits } from '@counterpart/domain';

/** The rows chosen on one side, by item id (kept across pages and filters). */
export type Selection = ReadonlyMap<string, ReconItem>;

export interface SelectionTotals {
  leftCount: number;
  rightCount: number;
  left: bigint;
  right: bigint;
  /** left − right, exact. */
  difference: bigint;
  /** The one currency of the selection, or null when it mixes currencies (or is empty). */
  currency: string | null;
  /** Rows without a readable amount (they count as 0 and block a match). */
  missing: number;
}

/** Exact sum of wire amounts (strings of integer minor units); null amounts are skipped. */
export function sumMinor(amounts: ReadonlyArray<string | null | undefined>): bigint {
  let total = 0n;
  for (const amount of amounts) if (amount) total += BigInt(amount);
  return total;
}

/** Running totals of both selections and their difference, in bigint minor units. */
export function selectionTotals(left: Selection, right: Selection): SelectionTotals {
  const items = [...left.values(), ...right.values()];
  const currencies = new Set(
    items.map((item) => item.currency).filter((code): code is string => Boolean(code)),
  );
  const leftTotal = sumMinor([...left.values()].map((item) => item.amount));
  const rightTotal = sumMinor([...right.values()].map((item) => item.amount));
  return {
    leftCount: left.size,
    rightCount: right.size,
    left: leftTotal,
    right: rightTotal,
    difference: leftTotal - rightTotal,
    currency: currencies.size === 1 ? ([...currencies][0] ?? null) : null,
    missing: items.filter((item) => item.amount === null).length,
  };
}

/** An amount in minor units as the app shows money (exact, no floats). */
export function formatMoney(
  minor: bigint | string | null | undefined,
  currency: string | null | undefined,
): string {
  if (minor === null || minor === undefined || minor === '') return '—';
  return formatMinorCurrency(typeof minor === 'string' ? BigInt(minor) : minor, currency || 'KES');
}

/** Exact major-unit text of minor units for an editable field ("-123450" → "-1234.50"). */
export function minorToInput(minor: bigint | string): string {
  const value = typeof minor === 'string' ? BigInt(minor) : minor;
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** What the user typed in major units ("1,234.5") as minor units, or null when it is not an amount. */
export function inputToMinor(text: string): bigint | null {
  if (text.trim() === '') return null;
  return toMinorUnits(text.trim());
}

/** The groups the selected rows belong to (each once), in selection order. */
export function selectedGroupIds(left: Selection, right: Selection, status?: ReconStatus): string[] {
  const ids = new Set<string>();
  for (const item of [...left.values(), ...right.values()]) {
    if (item.group_id && (!status || item.status === status)) ids.add(item.group_id);
  }
  return [...ids];
}

/** The selection without the rows of these groups (after they were unmatched, accepted or rejected). */
export function withoutGroups(selection: Selection, groupIds: ReadonlyArray<string>): Map<string, ReconItem> {
  const drop = new Set(groupIds);
  return new Map([...selection].filter(([, item]) => !item.group_id || !drop.has(item.group_id)));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object' && 'minor_units' in value) {
    const cell = value as { minor_units: string; currency: string };
    return formatMoney(cell.minor_units, cell.currency);
  }
  return '';
}

export interface RowText {
  reference: string;
  description: string;
}

/** A bare currency code ("KES"): the amount beside it already says it, so a row's words leave it out. */
const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The reference and description a row shows: the side's reference columns (else its first text
 * column) and its free-text columns (else the next text column), joined when several. A cell that is only a
 * currency code is left out (rows read "INV-101", not "KES · INV-101") unless it is all there is.
 */
export function rowText(
  values: Readonly<Record<string, unknown>>,
  fields: SideFields | undefined,
  columns: ReadonlyArray<Pick<TableColumn, 'id' | 'type' | 'position'>>,
): RowText {
  const cell = (id: string) => cellText(values[id]).trim();
  const text = [...columns]
    .sort((a, b) => a.position - b.position)
    .filter((column) => column.type === 'text' && !CURRENCY_CODE.test(cell(column.id)));
  const referenceIds = fields?.reference?.length
    ? fields.reference
    : text.slice(0, 1).map((column) => column.id);
  const descriptionIds = fields?.text?.length
    ? fields.text
    : text
        .filter((column) => !referenceIds.includes(column.id))
        .slice(0, 1)
        .map((column) => column.id);
  const join = (ids: ReadonlyArray<string>) => {
    const parts = ids.map(cell).filter(Boolean);
    const words = parts.filter((part) => !CURRENCY_CODE.test(part));
    return (words.length > 0 ? words : parts).join(' · ');
  };
  return {
    reference: join(referenceIds),
    description: join(descriptionIds.filter((id) => !referenceIds.includes(id))),
  };
}

export type ShortcutAction =
  | 'match'
  | 'unmatch'
  | 'accept'
  | 'reject'
  | 'adjust'
  | 'allocate'
  | 'trail'
  | 'help';

export const SHORTCUTS: ReadonlyArray<{ key: string; action: ShortcutAction; label: string }> = [
  { key: 'M', action: 'match', label: 'Match the selected rows' },
  { key: 'U', action: 'unmatch', label: 'Unmatch the open or selected group' },
  { key: 'A', action: 'accept', label: 'Accept the suggestion(s)' },
  { key: 'R', action: 'reject', label: 'Reject the suggestion(s)' },
  { key: 'J', action: 'adjust', label: 'Adjust (write off) the difference' },
  { key: 'L', action: 'allocate', label: 'Allocate one payment over several invoices' },
  { key: 'T', action: 'trail', label: 'Show the audit trail of the active (or only selected) row' },
  { key: '?', action: 'help', label: 'Show these shortcuts' },
];

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}

/** Whether typing happens in this element (inputs, text areas, selects, editable content). */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (element as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
  }
  return element.isContentEditable === true;
}

/** The workspace action a key press asks for: none with modifiers or while typing. */
export function shortcutOf(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  const key = event.key === '?' ? '?' : event.key.toUpperCase();
  return SHORTCUTS.find((shortcut) => shortcut.key === key)?.action ?? null;
}
