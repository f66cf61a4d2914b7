/** The default rule set and the validation of a rule set read from JSON (the CLI, the server). */
import {
  checkRuleSet,
  defaultRuleSet,
  type RuleSet,
  type RuleSetIssue,
  ruleSetIssueKey,
} from '@counterpart/contracts';

/** The default rule set lives with the rule set's contract (packages/contracts/src/rule-set.ts). */
export { defaultRuleSet };

/**
 * A rule set the engine refuses: its message names the pass and field
 * (`passes[2] (tolerance).auto_accept: must be a number between 0 and 1`); `key` is that place and
 * `issue` the path and message apart, for callers that answer them as data.
 */
export class RuleSetError extends RangeError {
  constructor(
    readonly issue: RuleSetIssue,
    readonly key: string,
  ) {
    super(`${key}: ${issue.message}`);
  }
}

/** Checks a rule set (for example parsed from JSON) with the contract's schema; throws a RuleSetError. */
export function validateRuleSet(input: unknown): RuleSet {
  const check = checkRuleSet(input);
  if (!check.ok) throw new RuleSetError(check.issue, ruleSetIssueKey(check.issue, input));
  return check.ruleSet;
}
