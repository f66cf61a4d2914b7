/**
 * Regular expressions written by users (rules, filters, selection keywords), compiled once with a
 * clear message when they are not valid — the server answers 400 with it, never 500.
 */
export class RulePatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly where: string,
    cause: string,
  ) {
    super(`${where}: "${pattern}" is not a valid regular expression (${cause})`);
    this.name = 'RulePatternError';
  }
}

const cache = new Map<string, RegExp>();

export function compilePattern(pattern: string, flags: string, where: string): RegExp {
  const key = `${flags}/${pattern}`;
  const cached = cache.get(key);
  if (cached) {
    cached.lastIndex = 0;
    return cached;
  }
  try {
    const compiled = new RegExp(pattern, flags);
    if (cache.size > 500) cache.clear();
    cache.set(key, compiled);
    return compiled;
  } catch (error) {
    throw new RulePatternError(pattern, where, error instanceof Error ? error.message : String(error));
  }
}

/** A literal text as a pattern: special characters escaped, any run of spaces matching any spacing. */
export function literalPattern(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
}
