import type { DashboardStatusRow } from '@counterpart/contracts';
import { directionsShown } from '@counterpart/domain';

/**
 * How an execution dashboard reads: the match rate, exact amounts with thousands separators, each
 * status's word, and the records-per-status bar with the sentence that describes it to a screen
 * reader. Status tones come from the shared StatusBadge (spec §3: reconciled green, partial and
 * suggested amber, unreconciled red).
 */

const STATUS_LABEL: Record<string, string> = {
  reconciled: 'Reconciled',
  partial: 'Partial',
  suggested: 'Suggested',
  unreconciled: 'Unreconciled',
};

/** "reconciled" → "Reconciled"; an unknown status with its first letter upper-cased. */
export function statusLabel(status: string): string {
  return STATUS_LABEL[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1) : '—');
}

/** 50 → "50%", 66.67 → "66.67%", null (no records) → "—". */
export function formatMatchRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  return `${Number(rate.toFixed(2))}%`;
}

/** An exact decimal string with thousands separators, digit by digit: "40900.00" → "40,900.00"; null → "—". */
export function formatAmount(amount: string | null): string {
  if (amount === null) return '—';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/**
 * One side's amount (domain recon-amounts.ts): "20,450.00" when only money came in,
 * "333.00 in · 5,000.00 out" when it moved both ways, "5.05 out" when it only went out; none → "—".
 */
export function formatSideAmount(amount: { in: string; out: string } | undefined): string {
  if (!amount) return '—';
  const moved = (text: string) => (/[1-9]/.test(text) ? 1n : 0n);
  const shown = directionsShown({ in: moved(amount.in), out: moved(amount.out) });
  if (shown.length === 1 && shown[0] === 'in') return formatAmount(amount.in);
  return shown.map((direction) => `${formatAmount(amount[direction])} ${direction}`).join(' · ');
}

export interface BarSegment {
  status: string;
  label: string;
  records: number;
  /** Share of all records in the bar, 0–100. */
  percent: number;
}

/** The statuses with records, as shares of the bar (they add up to 100 when any record is there). */
export function barSegments(statuses: readonly DashboardStatusRow[]): BarSegment[] {
  const shown = statuses.filter((row) => row.records > 0);
  const total = shown.reduce((sum, row) => sum + row.records, 0);
  return shown.map((row) => ({
    status: row.status,
    label: statusLabel(row.status),
    records: row.records,
    percent: total ? (row.records / total) * 100 : 0,
  }));
}

/** What the bar shows, in words: "Records per status: Reconciled 4 (50%), Suggested 2 (25%)…". */
export function barSummary(segments: readonly BarSegment[]): string {
  if (segments.length === 0) return 'Records per status: none';
  const parts = segments.map(
    (segment) => `${segment.label} ${segment.records} (${Number(segment.percent.toFixed(1))}%)`,
  );
  return `Records per status: ${parts.join(', ')}`;
}

/** The detail page of one dashboard of a workflow's executions. */
export function dashboardPath(workflowId: string, dashboardId: string): string {
  return `/workflows/executions/${encodeURIComponent(workflowId)}/dashboards/${encodeURIComponent(dashboardId)}`;
}
