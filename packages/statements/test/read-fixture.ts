import { readFileSync } from 'node:fs';

/** Reads a file of packages/statements/fixtures (tests only). */
export function fixture(path: string): string {
  return readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
}
