/**
 * Dates of a ledger or statement cell as whole days since 1970-01-01 (UTC): ISO `2026-03-14`,
 * `2026-03-14 09:12:45` or `2026-03-14T09:12:45Z` (the time is dropped), and day first
 * `14/03/2026`, `14.03.2026`, `14-03-2026` (a time after them dropped too).
 */
const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?: .*)?$/;

/** Days since the epoch, or null when the text is not one of the layouts or not a real day. */
export function parseDay(text: string): number | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO.exec(value);
  if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else {
    const dayFirst = DAY_FIRST.exec(value);
    if (!dayFirst) return null;
    year = Number(dayFirst[4]);
    month = Number(dayFirst[3]);
    day = Number(dayFirst[1]);
  }
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return time / DAY_MS;
}

/** `yyyy-mm-dd` of a day number (for messages and the result file). */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
