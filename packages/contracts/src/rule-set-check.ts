import type { z } from 'zod';
import { type RuleSet, ruleSetSchema } from './rule-set.ts';

/**
 * What is wrong with a rule set: `path` from the rule set (`['passes', 2, 'amount_tolerance',
 * 'percent']`; `['passes', 2]` for the pass as a whole, `[]` for the rule set) and the message.
 */
export interface RuleSetIssue {
  path: Array<string | number>;
  message: string;
}

export type RuleSetCheck = { ok: true; ruleSet: RuleSet } | { ok: false; issue: RuleSetIssue };

function issueOf(issue: z.core.$ZodIssue): RuleSetIssue {
  const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
  // A pass of no known kind is wrong as a whole, not in its `kind` field.
  if (issue.code === 'invalid_union' && path.at(-1) === 'kind') path.pop();
  if (path[0] === 'passes' && path.length === 1 && issue.code === 'invalid_type') {
    return { path: [], message: 'must be an object with a passes list' };
  }
  return { path, message: issue.message };
}

function passIndexOf(issue: RuleSetIssue): number {
  return issue.path[0] === 'passes' && typeof issue.path[1] === 'number' ? issue.path[1] : -1;
}

/**
 * Checks a rule set (for example parsed from JSON) as the engine does: its first problem in pass order,
 * or the rule set typed (fields the schema does not know kept).
 */
export function checkRuleSet(input: unknown): RuleSetCheck {
  const parsed = ruleSetSchema.safeParse(input);
  if (parsed.success) {
    const { id, name, passes } = parsed.data;
    const ruleSet: RuleSet = { id: typeof id === 'string' ? id : 'rules', passes };
    if (typeof name === 'string') ruleSet.name = name;
    return { ok: true, ruleSet };
  }
  const issues = parsed.error.issues.map(issueOf);
  // The engine reads pass after pass: the lowest pass's problem comes first (a stable sort).
  const first = issues.reduce((best, issue) => (passIndexOf(issue) < passIndexOf(best) ? issue : best));
  return { ok: false, issue: first };
}

/**
 * Where an issue is, as the engine and the API name it: `rules`, `passes[2]`, `passes[2] (tolerance)`
 * for the pass as a whole, `passes[2] (tolerance).amount_tolerance.percent` for a field.
 */
export function ruleSetIssueKey(issue: RuleSetIssue, input: unknown): string {
  const [root, index, ...field] = issue.path;
  if (root !== 'passes' || typeof index !== 'number') return 'rules';
  const passes = (input as { passes?: unknown } | null)?.passes;
  const pass = Array.isArray(passes) ? (passes[index] as { id?: unknown } | null | undefined) : undefined;
  const id = typeof pass?.id === 'string' ? ` (${pass.id})` : '';
  return `passes[${index}]${id}${field.length > 0 ? `.${field.join('.')}` : ''}`;
}

const ISSUE_KEY = /^passes(?:\[(\d+)\](?: \(.*\))?|\.(\d+))(?:\.([A-Za-z0-9_.]+))?$/;

/**
 * A key of a validation answer's `details` (`passes[2] (tolerance).auto_accept`, or `passes.2.auto_accept`
 * as the request schema names it) → the pass index and the field path inside the pass ([] for the pass).
 */
export function readRuleSetIssueKey(key: string): { pass: number; field: string[] } | null {
  const match = ISSUE_KEY.exec(key.trim());
  if (!match) return null;
  const pass = Number(match[1] ?? match[2]);
  return { pass, field: match[3] ? match[3].split('.') : [] };
}
