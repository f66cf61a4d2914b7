import type {
  DashboardMoney,
  DashboardSideMoney,
  DashboardTrendPoint,
  ReconStatus,
} from '@counterpart/contracts';
import { countOf, directionsShown } from '@counterpart/domain';

export const STATUS_ORDER: ReconStatus[] = ['reconciled', 'partial', 'suggested', 'unreconciled'];
export const STATUS_LABELS: Record<ReconStatus, string> = {
  reconciled: 'Reconciled',
  partial: 'Partial',
  suggested: 'Suggested',
  unreconciled: 'Unreconciled',
};
export const AGEING_LABELS: Record<string, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};
export const SOURCE_LABELS: Record<string, string> = {
  run: 'Automatic (runs)',
  manual: 'Manual matches',
  allocation: 'Allocations',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** 0.4286 → "42.9%"; exact ends stay whole ("100%", "0%"). */
export function formatRate(rate: number): string {
  const percent = Math.round(rate * 1000) / 10;
  return `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/** An exact decimal string with thousands grouped: ("KES", "-1234.50") → "KES -1,234.50". No float. */
export function formatMoney({ currency, amount }: DashboardMoney): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** Several currencies joined; none → "—" when there is nothing, else the zero amount. */
export function formatAmounts(amounts: DashboardMoney[]): string {
  return amounts.length === 0 ? '—' : amounts.map(formatMoney).join(' · ');
}

/** Whether an exact decimal string is more than zero ("0.00" is not). */
const moved = (amount: string) => /[1-9]/.test(amount);

/**
 * One side's money per currency, in and out apart as the domain defines them (recon-amounts.ts):
 * "KES 1,000.00" when only money came in, "KES 120.25 in · KES 900.00 out" when it moved both
 * ways, "KES 900.00 out" when it only went out; "—" when the side has no item.
 */
export function formatSideMoney(money: DashboardSideMoney[]): string {
  if (money.length === 0) return '—';
  return money
    .map(({ currency, in: incoming, out }) => {
      const shown = directionsShown({ in: moved(incoming) ? 1n : 0n, out: moved(out) ? 1n : 0n });
      if (shown.length === 1 && shown[0] === 'in') return formatMoney({ currency, amount: incoming });
      return shown
        .map((d) => `${formatMoney({ currency, amount: d === 'in' ? incoming : out })} ${d}`)
        .join(' · ');
    })
    .join(' · ');
}

/** A side named by its tables: "Bank", "Bank, M-Pesa", "Bank + 2 more"; none → "Left side". */
export function sideLabel(tables: ReadonlyArray<{ name: string }>, side: 'left' | 'right'): string {
  if (tables.length === 0) return side === 'left' ? 'Left side' : 'Right side';
  if (tables.length <= 2) return tables.map((t) => t.name).join(', ');
  return `${tables[0]?.name} + ${tables.length - 1} more`;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The range from the URL (`from`, `to`), defaulting to the last 90 days up to today (UTC). */
export function rangeOf(params: URLSearchParams, today = new Date().toISOString().slice(0, 10)) {
  const toParam = params.get('to') ?? '';
  const to = DAY.test(toParam) ? toParam : today;
  const fromParam = params.get('from') ?? '';
  const from = DAY.test(fromParam) && fromParam <= to ? fromParam : addDays(to, -89);
  return { from, to };
}

/** "2026-03-02" → "2 Mar" (a day or the first day of a week), or "Mar 2026" for a month. */
export function periodLabel(period: string, granularity: 'day' | 'week' | 'month'): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (granularity === 'month') {
    return date.toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  const text = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return granularity === 'week' ? `Week of ${text}` : text;
}

/** What the trend chart says to a screen reader. */
export function trendSummary(trend: DashboardTrendPoint[], granularity: 'day' | 'week' | 'month'): string {
  const items = trend.reduce((n, p) => n + p.items, 0);
  const matched = trend.reduce((n, p) => n + p.matched, 0);
  const busy = trend.filter((p) => p.items > 0);
  const over = `Trend over ${countOf(trend.length, granularity)}`;
  if (busy.length === 0) return `${over}: no items.`;
  const best = busy.reduce((a, b) => (b.items > a.items ? b : a));
  return (
    `${over}: ${countOf(items, 'item')}, ${formatCount(matched)} matched. ` +
    `Busiest ${granularity} ${periodLabel(best.period, granularity)} with ${countOf(best.items, 'item')}, ` +
    `${formatRate(best.match_rate)} matched.`
  );
}
