import {
  checkRuleSet,
  defaultPassOf,
  EXACT_KEYS,
  MAX_DATE_WINDOW_DAYS,
  MAX_SUBSET_ITEMS,
  MAX_SUBSET_WORK,
  MAX_TOLERANCE_ABSOLUTE,
  MAX_TOLERANCE_PERCENT,
  MIN_GROUP_SIZE,
  PASS_FIELDS,
  PASS_KINDS,
  type PassKind,
  type RulePass,
  readRuleSetIssueKey,
  SCORED_BLOCKING_KEYS,
  SIMILARITY_METHODS,
  SUBSET_BLOCKING_KEYS,
  WEIGHT_NAMES,
  type WeightName,
} from '@counterpart/contracts';
import { majorText, parseMajorUnits } from '../../../shared/lib/major-units.ts';

/**
 * A pass of the rule set (packages/contracts/src/rule-set.ts `RulePass`) as the editor's form holds
 * it: every number as the text the user typed, amounts in major units. `passToDraft` and
 * `draftToPass` convert both ways; `draftToPass` reads the text with the contract's limits and
 * `draftsToPasses` checks the result with the contract (`checkRuleSet`), so most mistakes are caught
 * before the server sees them. Kinds, keys, limits and defaults come from the contract.
 */

export const KIND_LABELS: Record<PassKind, string> = {
  exact: 'Exact keys',
  scored: 'Scored (tolerance and similarity)',
  subset_sum: 'Subset sum (split or bulk payments)',
  reversal: 'Reversals',
};

/** The editor's own bounds where the engine takes any number: an id fit for a label, weights and
 * similarities as fractions, blocks of a sensible size. */
const ID_PATTERN = /^[A-Za-z0-9_.-]{1,60}$/;
const MAX_SCORED_BLOCK = 1_000_000;
const MAX_MINOR = BigInt(MAX_TOLERANCE_ABSOLUTE);

export interface PassDraft {
  /** Stable key for React lists and drag and drop; not sent. */
  key: string;
  id: string;
  name: string;
  kind: PassKind;
  days_before: string;
  days_after: string;
  date_field: 'date' | 'value_date';
  /** exact */
  keys: string[];
  /** scored, subset_sum */
  blocking: string[];
  /** scored: amount_tolerance; subset_sum: allowed_remainder. Absolute in major units. */
  tolerance_absolute: string;
  tolerance_percent: string;
  /** At most this percent of the expected amount ('' = no cap). */
  tolerance_max_percent: string;
  /** scored */
  similarity_method: string;
  min_reference: string;
  ambiguity_gap: string;
  /** scored, subset_sum */
  weights: Record<WeightName, string>;
  max_block: string;
  auto_accept: string;
  suggest: string;
  /** subset_sum */
  cardinality: '1:many' | 'many:1';
  max_group_size: string;
  max_work: string;
  /** reversal */
  sides: string[];
  /** Fields this editor does not know, kept as they came so saving does not drop them. */
  extra: Record<string, unknown>;
}

export type DraftField = Exclude<keyof PassDraft, 'key' | 'extra' | 'weights'> | `weights.${WeightName}`;
/** Errors of one pass by draft field; `pass` is a message about the pass as a whole. */
export type PassErrors = Partial<Record<DraftField | 'pass', string>>;

let keySeed = 0;
export function newDraftKey(): string {
  keySeed += 1;
  return `pass-${keySeed}-${Math.random().toString(36).slice(2, 8)}`;
}

function text(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function isKind(value: unknown): value is PassKind {
  return typeof value === 'string' && (PASS_KINDS as readonly string[]).includes(value);
}

/** A pass as the server answers it → the form. */
export function passToDraft(pass: RulePass): PassDraft {
  const raw = pass as Record<string, unknown>;
  const kind: PassKind = isKind(raw.kind) ? raw.kind : 'exact';
  const window = record(raw.date_window);
  const tolerance = record(kind === 'subset_sum' ? raw.allowed_remainder : raw.amount_tolerance);
  const similarity = record(raw.similarity);
  const weights = record(raw.weights);
  const extra: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(raw)) if (!PASS_FIELDS.has(field)) extra[field] = value;
  const absolute = tolerance.absolute;
  return {
    key: newDraftKey(),
    id: typeof raw.id === 'string' ? raw.id : '',
    name: typeof raw.name === 'string' ? raw.name : '',
    kind,
    days_before: text(window.days_before),
    days_after: text(window.days_after),
    date_field: raw.date_field === 'value_date' ? 'value_date' : 'date',
    keys: strings(raw.keys),
    blocking: strings(raw.blocking),
    tolerance_absolute:
      typeof absolute === 'number' && Number.isSafeInteger(absolute) ? majorText(absolute) : '',
    tolerance_percent: text(tolerance.percent),
    tolerance_max_percent: text(tolerance.max_percent),
    similarity_method: typeof similarity.method === 'string' ? similarity.method : 'best',
    min_reference: text(similarity.min_reference),
    ambiguity_gap: text(raw.ambiguity_gap),
    weights: {
      amount: text(weights.amount),
      date: text(weights.date),
      reference: text(weights.reference),
      counterparty: text(weights.counterparty),
    },
    max_block: text(raw.max_block),
    auto_accept: text(raw.auto_accept),
    suggest: text(raw.suggest),
    cardinality: raw.cardinality === '1:many' ? '1:many' : 'many:1',
    max_group_size: text(raw.max_group_size),
    max_work: text(raw.max_work),
    sides: strings(raw.sides),
    extra,
  };
}

/** A new pass of a kind, with the engine's default rule set's values for it. */
export function newPassDraft(kind: PassKind, takenIds: string[]): PassDraft {
  let id: string = kind;
  for (let n = 2; takenIds.includes(id); n += 1) id = `${kind}_${n}`;
  return passToDraft({ ...defaultPassOf(kind), id });
}

/** Number fields: checked against [min, max]; `integer` refuses fractions. */
function readNumber(
  errors: PassErrors,
  field: DraftField,
  value: string,
  {
    min,
    max,
    integer = false,
    optional = false,
  }: { min: number; max: number; integer?: boolean; optional?: boolean },
): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') {
    if (!optional) errors[field] = 'Required';
    return undefined;
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    errors[field] = 'Enter a number';
    return undefined;
  }
  const number = Number(trimmed);
  if (integer && !Number.isInteger(number)) {
    errors[field] = 'Use a whole number';
    return undefined;
  }
  if (number < min || number > max) {
    errors[field] = `Use a number from ${min} to ${max}`;
    return undefined;
  }
  return number;
}

function readTolerance(
  errors: PassErrors,
  draft: PassDraft,
): { absolute?: number; percent?: number; max_percent?: number } {
  const tolerance: { absolute?: number; percent?: number; max_percent?: number } = {};
  if (draft.tolerance_absolute.trim() !== '') {
    const parsed = parseMajorUnits(draft.tolerance_absolute, { max: MAX_MINOR });
    if (parsed.ok) tolerance.absolute = Number(parsed.minor);
    else errors.tolerance_absolute = parsed.error;
  }
  const percent = readNumber(errors, 'tolerance_percent', draft.tolerance_percent, {
    min: 0,
    max: MAX_TOLERANCE_PERCENT,
    optional: true,
  });
  if (percent !== undefined) tolerance.percent = percent;
  const maxPercent = readNumber(errors, 'tolerance_max_percent', draft.tolerance_max_percent, {
    min: 0,
    max: MAX_TOLERANCE_PERCENT,
    optional: true,
  });
  if (maxPercent !== undefined) tolerance.max_percent = maxPercent;
  return tolerance;
}

function readWeights(errors: PassErrors, draft: PassDraft): Partial<Record<WeightName, number>> | undefined {
  const weights: Partial<Record<WeightName, number>> = {};
  for (const name of WEIGHT_NAMES) {
    const weight = readNumber(errors, `weights.${name}`, draft.weights[name], {
      min: 0,
      max: 1,
      optional: true,
    });
    if (weight !== undefined) weights[name] = weight;
  }
  return Object.keys(weights).length > 0 ? weights : undefined;
}

function readThresholds(errors: PassErrors, draft: PassDraft) {
  const auto_accept = readNumber(errors, 'auto_accept', draft.auto_accept, { min: 0, max: 1 });
  const suggest = readNumber(errors, 'suggest', draft.suggest, { min: 0, max: 1 });
  if (auto_accept !== undefined && suggest !== undefined && suggest > auto_accept) {
    errors.suggest = 'The suggestion score cannot be above the auto-accept score';
  }
  return { auto_accept, suggest };
}

/** The form → the pass the engine reads, with the errors found (empty when it is valid). */
export function draftToPass(draft: PassDraft): { pass: RulePass; errors: PassErrors } {
  const errors: PassErrors = {};
  const id = draft.id.trim();
  if (id === '') errors.id = 'Give the pass an id';
  else if (!ID_PATTERN.test(id)) errors.id = 'Use letters, digits, _ . or - (at most 60)';
  const days_before = readNumber(errors, 'days_before', draft.days_before, {
    min: 0,
    max: MAX_DATE_WINDOW_DAYS,
    integer: true,
  });
  const days_after = readNumber(errors, 'days_after', draft.days_after, {
    min: 0,
    max: MAX_DATE_WINDOW_DAYS,
    integer: true,
  });
  const pass: Record<string, unknown> = { ...draft.extra, id, kind: draft.kind };
  if (draft.name.trim()) pass.name = draft.name.trim();
  pass.date_window = { days_before, days_after };
  if (draft.date_field === 'value_date') pass.date_field = 'value_date';

  switch (draft.kind) {
    case 'exact': {
      const keys = EXACT_KEYS.filter((key) => draft.keys.includes(key));
      if (!keys.includes('reference') && !keys.includes('amount')) {
        errors.keys = 'Match on the reference or the amount (or both)';
      }
      pass.keys = keys;
      break;
    }
    case 'scored': {
      const blocking = SCORED_BLOCKING_KEYS.filter((key) => draft.blocking.includes(key));
      if (blocking.length === 0) errors.blocking = 'Choose at least one blocking key';
      pass.blocking = blocking;
      pass.amount_tolerance = readTolerance(errors, draft);
      const similarity: Record<string, unknown> = { method: draft.similarity_method };
      if (!(SIMILARITY_METHODS as readonly string[]).includes(draft.similarity_method)) {
        errors.similarity_method = 'Choose a similarity method';
      }
      const minReference = readNumber(errors, 'min_reference', draft.min_reference, {
        min: 0,
        max: 1,
        optional: true,
      });
      if (minReference !== undefined) similarity.min_reference = minReference;
      pass.similarity = similarity;
      const weights = readWeights(errors, draft);
      if (weights) pass.weights = weights;
      const maxBlock = readNumber(errors, 'max_block', draft.max_block, {
        min: 2,
        max: MAX_SCORED_BLOCK,
        integer: true,
        optional: true,
      });
      if (maxBlock !== undefined) pass.max_block = maxBlock;
      Object.assign(pass, readThresholds(errors, draft));
      pass.ambiguity_gap = readNumber(errors, 'ambiguity_gap', draft.ambiguity_gap, { min: 0, max: 1 });
      break;
    }
    case 'subset_sum': {
      pass.cardinality = draft.cardinality;
      const blocking = SUBSET_BLOCKING_KEYS.filter((key) => draft.blocking.includes(key));
      if (blocking.length === 0) errors.blocking = 'Choose at least one blocking key';
      pass.blocking = blocking;
      pass.allowed_remainder = readTolerance(errors, draft);
      pass.max_group_size = readNumber(errors, 'max_group_size', draft.max_group_size, {
        min: MIN_GROUP_SIZE,
        max: MAX_SUBSET_ITEMS,
        integer: true,
      });
      const maxBlock = readNumber(errors, 'max_block', draft.max_block, {
        min: 2,
        max: MAX_SUBSET_ITEMS,
        integer: true,
        optional: true,
      });
      if (maxBlock !== undefined) pass.max_block = maxBlock;
      pass.max_work = readNumber(errors, 'max_work', draft.max_work, {
        min: 1,
        max: MAX_SUBSET_WORK,
        integer: true,
      });
      const weights = readWeights(errors, draft);
      if (weights) pass.weights = weights;
      Object.assign(pass, readThresholds(errors, draft));
      break;
    }
    case 'reversal': {
      const sides = ['left', 'right'].filter((side) => draft.sides.includes(side));
      if (sides.length === 0) errors.sides = 'Choose at least one side';
      pass.sides = sides;
      break;
    }
  }
  return { pass: pass as RulePass, errors };
}

/** Every pass converted; errors by pass index, plus duplicate ids. */
export function draftsToPasses(drafts: PassDraft[]): {
  passes: RulePass[];
  errors: PassErrors[];
  valid: boolean;
} {
  const seen = new Map<string, number>();
  const results = drafts.map(draftToPass);
  results.forEach((result, index) => {
    const id = result.pass.id;
    if (!id) return;
    if (seen.has(id)) result.errors.id ??= `Another pass (number ${(seen.get(id) ?? 0) + 1}) has this id`;
    else seen.set(id, index);
  });
  const errors = results.map((result) => result.errors);
  const passes = results.map((result) => result.pass);
  const isEmpty = (entry: PassErrors) => Object.keys(entry).length === 0;
  if (errors.every(isEmpty)) {
    // What the form's fields do not check, the contract does, as the server will.
    const check = checkRuleSet({ passes });
    const [, index, ...path] = check.ok ? [] : check.issue.path;
    const entry = typeof index === 'number' ? errors[index] : undefined;
    if (!check.ok && entry) entry[fieldOfPath(path.map(String))] = check.issue.message;
  }
  return { passes, errors, valid: errors.every(isEmpty) };
}

/** Moves the entry at `from` to `to` (both clamped), returning a new list. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** A field path inside a pass (as the contract's issues name it) → the form field showing it. */
const PATH_FIELDS: Record<string, DraftField> = {
  id: 'id',
  name: 'name',
  kind: 'kind',
  date_window: 'days_before',
  'date_window.days_before': 'days_before',
  'date_window.days_after': 'days_after',
  date_field: 'date_field',
  keys: 'keys',
  blocking: 'blocking',
  amount_tolerance: 'tolerance_absolute',
  'amount_tolerance.absolute': 'tolerance_absolute',
  'amount_tolerance.percent': 'tolerance_percent',
  'amount_tolerance.max_percent': 'tolerance_max_percent',
  allowed_remainder: 'tolerance_absolute',
  'allowed_remainder.absolute': 'tolerance_absolute',
  'allowed_remainder.percent': 'tolerance_percent',
  'allowed_remainder.max_percent': 'tolerance_max_percent',
  similarity: 'similarity_method',
  'similarity.method': 'similarity_method',
  'similarity.min_reference': 'min_reference',
  max_block: 'max_block',
  auto_accept: 'auto_accept',
  suggest: 'suggest',
  ambiguity_gap: 'ambiguity_gap',
  cardinality: 'cardinality',
  max_group_size: 'max_group_size',
  max_work: 'max_work',
  sides: 'sides',
  'weights.amount': 'weights.amount',
  'weights.date': 'weights.date',
  'weights.reference': 'weights.reference',
  'weights.counterparty': 'weights.counterparty',
};

/** The form field of a path inside a pass: the path, else its nearest parent (`sides.1` → sides), else the pass. */
function fieldOfPath(path: readonly string[]): DraftField | 'pass' {
  for (let length = path.length; length > 0; length -= 1) {
    const field = PATH_FIELDS[path.slice(0, length).join('.')];
    if (field) return field;
  }
  return 'pass';
}

/**
 * The server's validation answer (`details` like `{ "passes[2] (tolerance).auto_accept": "must be…" }`,
 * keys read with the contract's `readRuleSetIssueKey`) → errors per pass and the ones about the rule
 * set itself (name, description, passes).
 */
export function serverPassErrors(
  details: Record<string, unknown> | undefined,
  passCount: number,
): { passes: PassErrors[]; form: Record<string, string> } {
  const passes: PassErrors[] = Array.from({ length: passCount }, () => ({}));
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(details ?? {})) {
    if (typeof value !== 'string') continue;
    const place = readRuleSetIssueKey(key);
    const errors = place ? passes[place.pass] : undefined;
    if (place && errors) errors[fieldOfPath(place.field)] ??= value;
    else form[key.split('.').pop() ?? key] ??= value;
  }
  return { passes, form };
}
