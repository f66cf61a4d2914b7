import type { Filter, Rule, Selection } from '@counterpart/contracts';
import { RulePatternError } from './patterns.ts';

/**
 * The regular expressions of a label's rules and filters, or of a model's selection, checked before
 * they are saved: each problem as "where: what is wrong", empty when all compile. The server answers
 * 400 with them instead of storing a rule that would fail every run.
 */
function check(pattern: string | undefined, flags: string, where: string, problems: string[]): void {
  if (!pattern) return;
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    problems.push(
      new RulePatternError(pattern, where, error instanceof Error ? error.message : String(error)).message,
    );
  }
}

export function checkLabelRule(rule: { rules: readonly Rule[]; filters: readonly Filter[] }): string[] {
  const problems: string[] = [];
  rule.rules.forEach((r, i) => {
    const where = `Rule ${i + 1}`;
    if (r.method === 'regex') check(r.pattern, 'gimd', where, problems);
    if (r.method === 'anchor') {
      if (r.anchor_match === 'regex') check(r.anchor, 'gimd', `${where} (anchor)`, problems);
      check(r.value_pattern, 'id', `${where} (value pattern)`, problems);
    }
    if (r.method === 'table') {
      check(r.start_pattern, 'i', `${where} (start pattern)`, problems);
      check(r.end_pattern, 'i', `${where} (end pattern)`, problems);
    }
  });
  rule.filters.forEach((f, i) => {
    if (f.kind === 'regex') check(f.pattern, 'i', `Filter ${i + 1}`, problems);
    if (f.kind === 'replace' && f.regex) check(f.find, 'g', `Filter ${i + 1}`, problems);
  });
  return problems;
}

export function checkSelection(selection: Selection): string[] {
  const problems: string[] = [];
  if (selection.mode === 'regex') {
    selection.keywords.forEach((k, i) => {
      check(k, 'im', `Keyword ${i + 1}`, problems);
    });
  }
  return problems;
}
