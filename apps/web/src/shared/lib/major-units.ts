import { fromMinorUnits, toMinorUnits } from '@counterpart/domain';

/**
 * Amounts typed in major units ("500", "1,250.50") ↔ integer minor units, exactly: the text goes
 * through the domain's money parser (string digits, never a binary float), and a value with more
 * decimals than the currency has is refused rather than rounded.
 */
export type MajorParse = { ok: true; minor: bigint } | { ok: false; error: string };

const EXTRA_PLACES = 6;
const SCALE = 10n ** BigInt(EXTRA_PLACES);

export function parseMajorUnits(
  text: string,
  {
    decimals = 2,
    allowNegative = false,
    max,
  }: { decimals?: number; allowNegative?: boolean; max?: bigint } = {},
): MajorParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'Enter an amount' };
  const finer = toMinorUnits(trimmed, decimals + EXTRA_PLACES);
  if (finer === null) return { ok: false, error: `“${trimmed}” is not an amount` };
  if (finer % SCALE !== 0n) {
    return { ok: false, error: `Use at most ${decimals} decimal${decimals === 1 ? '' : 's'}` };
  }
  const minor = finer / SCALE;
  if (!allowNegative && minor < 0n) return { ok: false, error: 'Use an amount of 0 or more' };
  if (max !== undefined && (minor < 0n ? -minor : minor) > max) {
    return { ok: false, error: `Use at most ${fromMinorUnits(max, decimals)}` };
  }
  return { ok: true, minor };
}

/** Minor units (bigint, safe integer or digit string) → the major-unit text shown in a field ("500.00"). */
export function majorText(minor: bigint | number | string | undefined | null, decimals = 2): string {
  if (minor === undefined || minor === null || minor === '') return '';
  try {
    return fromMinorUnits(BigInt(minor), decimals);
  } catch {
    return '';
  }
}
