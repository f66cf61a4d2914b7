/**
 * Status badge tones (spec §3): "active, user, user-p, reconciled, reconned = success; inactive, pending,
 * unreconciled, unreconned = danger; partial, suggested, partially reconned = warning."
 * Matching is case-insensitive and trims; underscores and hyphens between words count as spaces
 * (`'PARTIALLY_RECONNED'` → warning), except `'user-p'`, which is matched as written.
 */
export type BadgeTone = 'success' | 'danger' | 'warning' | 'neutral';

const TONES: ReadonlyMap<string, BadgeTone> = new Map<string, BadgeTone>([
  ['active', 'success'],
  ['user', 'success'],
  ['user-p', 'success'],
  ['reconciled', 'success'],
  ['reconned', 'success'],
  ['inactive', 'danger'],
  ['pending', 'danger'],
  ['unreconciled', 'danger'],
  ['unreconned', 'danger'],
  ['partial', 'warning'],
  ['suggested', 'warning'],
  ['partially reconned', 'warning'],
]);

function normaliseStatus(status: string): string {
  const lowered = status.trim().toLowerCase();
  if (lowered === 'user-p') return lowered;
  return lowered.replace(/[\s_-]+/g, ' ');
}

/** Tone of the badge for a status; unknown, empty or missing statuses → 'neutral'. */
export function statusBadgeTone(status: string | null | undefined): BadgeTone {
  if (typeof status !== 'string') return 'neutral';
  return TONES.get(normaliseStatus(status)) ?? 'neutral';
}
