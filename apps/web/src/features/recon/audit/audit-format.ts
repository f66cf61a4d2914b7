import { formatMinorCurrency } from '@counterpart/domain';

const MONEY_KEY = /(total|difference|amount|adjusted|threshold|absolute|remainder)$/i;
const MINOR = /^-?\d{1,18}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One value, short: money keys holding minor units are formatted exactly; lists say how many. */
function valueText(key: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && MONEY_KEY.test(key) && MINOR.test(value)) {
    return formatMinorCurrency(BigInt(value), currency);
  }
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 39)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 1 ? '1 entry' : `${value.length} entries`;
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .slice(0, 3)
      .map(([inner, innerValue]) => `${keyLabel(inner)} ${valueText(inner, innerValue, currency)}`);
    return parts.join(', ');
  }
  return String(value);
}

/** 'left_total' → 'left total'. */
function keyLabel(key: string): string {
  return key.replace(/_/g, ' ');
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What changed, in a line: the keys whose value differs ("state: active → undone"), or the after
 * state when there was no before ("status reconciled · difference KES 0.00"). At most `limit` parts.
 */
export function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  limit = 4,
): string {
  const currency =
    (typeof after?.currency === 'string' && after.currency) ||
    (typeof before?.currency === 'string' && before.currency) ||
    'KES';
  const parts: string[] = [];
  if (before && after) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const key of keys) {
      if (key === 'currency' || same(before[key], after[key])) continue;
      parts.push(
        `${key}: ${valueText(key, before[key], currency)} → ${valueText(key, after[key], currency)}`,
      );
    }
  } else {
    const only = after ?? before;
    if (!only) return '';
    for (const [key, value] of Object.entries(only)) {
      if (key === 'currency') continue;
      parts.push(`${keyLabel(key)} ${valueText(key, value, currency)}`);
    }
    if (!after && parts.length > 0) parts[0] = `was ${parts[0]}`;
  }
  if (parts.length === 0) return before && after ? 'no change' : '';
  const shown = parts.slice(0, limit);
  if (parts.length > limit) shown.push(`+${parts.length - limit} more`);
  return shown.join(' · ');
}

/** File name of an audit export: recon-audit[-group-1a2b3c4d]-2026-11-22.csv. */
export function exportFileName(
  filters: { groupId?: string; itemId?: string; runId?: string },
  today: Date,
): string {
  const scope = filters.groupId
    ? `-group-${filters.groupId.slice(0, 8)}`
    : filters.itemId
      ? `-item-${filters.itemId.slice(0, 8)}`
      : filters.runId
        ? `-run-${filters.runId.slice(0, 8)}`
        : '';
  return `recon-audit${scope}-${today.toISOString().slice(0, 10)}.csv`;
}
