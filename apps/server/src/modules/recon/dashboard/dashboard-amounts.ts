import type { DashboardFigure, DashboardSideMoney, DashboardSides } from '@counterpart/contracts';
import { addToDirection, type DirectionTotals, noDirectionTotals } from '@counterpart/domain';

/**
 * The dashboard's sums, exact and apart as the domain defines them (recon-amounts.ts): per side (a
 * table's side in the pair it was reconciled in; the two sides never added together), per currency,
 * and per direction (money in, money out; never netted). Minor units are rescaled to the larger
 * number of decimals when tables of one currency differ.
 */

export type Side = 'left' | 'right';

/** Integer minor units → exact decimal string in major units. */
export function minorToDecimal(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

interface CurrencyTotals {
  totals: DirectionTotals;
  decimals: number;
  count: number;
}

export class SideAmounts {
  private readonly bySide: Record<Side, Map<string, CurrencyTotals>> = { left: new Map(), right: new Map() };
  count = 0;

  /**
   * Adds one SQL row: `count` items of a side in one currency whose amounts (signed minor units,
   * all of one sign) sum to `minor`.
   */
  add(side: Side, currency: string, decimals: number, minor: string | null, count: number): void {
    this.count += count;
    const value = BigInt(minor ?? '0');
    const byCurrency = this.bySide[side];
    const entry = byCurrency.get(currency) ?? { totals: noDirectionTotals(), decimals, count: 0 };
    byCurrency.set(currency, entry);
    const places = Math.max(entry.decimals, decimals);
    const scale = (n: bigint, from: number) => n * 10n ** BigInt(places - from);
    entry.totals = {
      in: scale(entry.totals.in, entry.decimals),
      out: scale(entry.totals.out, entry.decimals),
    };
    entry.decimals = places;
    addToDirection(entry.totals, scale(value, decimals));
    entry.count += count;
  }

  sides(): DashboardSides {
    const money = (side: Side): DashboardSideMoney[] =>
      [...this.bySide[side].entries()]
        .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
        .map(([currency, entry]) => ({
          currency,
          in: minorToDecimal(entry.totals.in, entry.decimals),
          out: minorToDecimal(entry.totals.out, entry.decimals),
        }));
    return { left: money('left'), right: money('right') };
  }

  figure(): DashboardFigure {
    return { count: this.count, sides: this.sides() };
  }
}
