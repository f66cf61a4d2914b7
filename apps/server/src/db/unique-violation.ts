/**
 * Postgres' unique_violation (23505), in the error or any of its causes (drizzle wraps the driver's
 * error): two sign-ups (or an invite) raced for the same e-mail, two saves for the same name.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
