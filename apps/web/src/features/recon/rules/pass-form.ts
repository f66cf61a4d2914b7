import { defaultPassOf, type RulePass } from '@counterpart/contracts';
import { majorText, parseMajorUnits } from '../../../shared/lib/major-units.ts';

/**
 * A pass of the engine's rule set (packages/recon-engine/src/types.ts `Pass`) as the editor's form
 * holds it: every number as the text the user typed, amounts in major units. `passToDraft` and
 * `draftToPass` convert both ways; `draftToPass` also validates with the engine's limits
 * (rules.ts `validateRuleSet`), so most mistakes are caught before the server sees them.
 */

export type PassKind = 'exact' | 'scored' | 'subset_sum' | 'reversal';
export const PASS_KINDS: PassKind[] = ['exact', 'scored', 'subset_sum', 'reversal'];
export const KIND_LABELS: Record<PassKind, string> = {
  exact: 'Exact keys',
  scored: 'Scored (tolerance and similarity)',
  subset_sum: 'Subset sum (split or bulk payments)',
  reversal: 'Reversals',
};

export const EXACT_KEYS = ['reference', 'amount', 'currency', 'counterparty'] as const;
export const SCORED_BLOCKING = ['reference', 'typo', 'amount', 'counterparty'] as const;
export const SUBSET_BLOCKING = ['reference', 'typo', 'counterparty'] as const;
export const SIMILARITY_METHODS = ['best', 'jaro_winkler', 'token_set'] as const;
export const WEIGHT_NAMES = ['amount', 'date', 'reference', 'counterparty'] as const;
export type WeightName = (typeof WEIGHT_NAMES)[number];
/** The engine's default weights (scoring.ts DEFAULT_WEIGHTS), shown as placeholders. */
export const DEFAULT_WEIGHTS: Record<WeightName, number> = {
  amount: 0.35,
  date: 0.1,
  reference: 0.4,
  counterparty: 0.15,
};
/** The engine's limits (subset-sum.ts MAX_SUBSET_ITEMS, blocking defaults). */
export const MAX_SUBSET_ITEMS = 40;
export const DEFAULT_MAX_BLOCK = { scored: 200, subset_sum: 24 } as const;
const MAX_DAYS = 3650;
/** Amounts the engine takes as safe integers of minor units. */
const MAX_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

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

const KNOWN_FIELDS = new Set([
  'id',
  'name',
  'kind',
  'date_window',
  'date_field',
  'keys',
  'blocking',
  'amount_tolerance',
  'allowed_remainder',
  'similarity',
  'weights',
  'max_block',
  'auto_accept',
  'suggest',
  'ambiguity_gap',
  'cardinality',
  'max_group_size',
  'max_work',
  'sides',
]);

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
  return typeof value === 'string' && (PASS_KINDS as string[]).includes(value);
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
  for (const [field, value] of Object.entries(raw)) if (!KNOWN_FIELDS.has(field)) extra[field] = value;
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

function readTolerance(errors: PassErrors, draft: PassDraft): { absolute?: number; percent?: number } {
  const tolerance: { absolute?: number; percent?: number } = {};
  if (draft.tolerance_absolute.trim() !== '') {
    const parsed = parseMajorUnits(draft.tolerance_absolute, { max: MAX_MINOR });
    if (parsed.ok) tolerance.absolute = Number(parsed.minor);
    else errors.tolerance_absolute = parsed.error;
  }
  const percent = readNumber(errors, 'tolerance_percent', draft.tolerance_percent, {
    min: 0,
    max: 100,
    optional: true,
  });
  if (percent !== undefined) tolerance.percent = percent;
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
  else if (!/^[A-Za-z0-9_.-]{1,60}$/.test(id)) errors.id = 'Use letters, digits, _ . or - (at most 60)';
  const days_before = readNumber(errors, 'days_before', draft.days_before, {
    min: 0,
    max: MAX_DAYS,
    integer: true,
  });
  const days_after = readNumber(errors, 'days_after', draft.days_after, {
    min: 0,
    max: MAX_DAYS,
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
      const blocking = SCORED_BLOCKING.filter((key) => draft.blocking.includes(key));
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
        max: 1_000_000,
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
      const blocking = SUBSET_BLOCKING.filter((key) => draft.blocking.includes(key));
      if (blocking.length === 0) errors.blocking = 'Choose at least one blocking key';
      pass.blocking = blocking;
      pass.allowed_remainder = readTolerance(errors, draft);
      pass.max_group_size = readNumber(errors, 'max_group_size', draft.max_group_size, {
        min: 2,
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
      pass.max_work = readNumber(errors, 'max_work', draft.max_work, { min: 1, max: 1e9, integer: true });
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
  return {
    passes: results.map((result) => result.pass),
    errors,
    valid: errors.every((entry) => Object.keys(entry).length === 0),
  };
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

/** Engine field paths (as `validateRuleSet` names them) → the form field showing them. */
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
  allowed_remainder: 'tolerance_absolute',
  'allowed_remainder.absolute': 'tolerance_absolute',
  'allowed_remainder.percent': 'tolerance_percent',
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

/** The field a message without a path is about, from its first words ("keys must list…"). */
function fieldOfMessage(message: string): DraftField | undefined {
  const lower = message.toLowerCase();
  if (lower.includes('percent')) return 'tolerance_percent';
  if (lower.startsWith('amount tolerance')) return 'tolerance_absolute';
  if (lower.startsWith('duplicate pass id')) return 'id';
  const word = /^([a-z_.]+)/.exec(lower)?.[1];
  return word ? PATH_FIELDS[word] : undefined;
}

const PASS_PATH = /^passes\[(\d+)\](?:\s*\([^)]*\))?(?:\.([A-Za-z_.]+))?\s*(?::\s*([\s\S]*))?$/;

/**
 * The server's validation answer (`details` like `{ "passes[2].auto_accept": "must be…" }`, or the
 * engine's message `passes[2] (tolerance): keys must…`) → errors per pass and the ones about the rule
 * set itself (name, description, passes).
 */
export function serverPassErrors(
  details: Record<string, unknown> | undefined,
  message: string | undefined,
  passCount: number,
): { passes: PassErrors[]; form: Record<string, string> } {
  const passes: PassErrors[] = Array.from({ length: passCount }, () => ({}));
  const form: Record<string, string> = {};
  const place = (key: string, value: string) => {
    const match = PASS_PATH.exec(key.trim().replace(/^passes\.(\d+)/, 'passes[$1]'));
    if (!match) return false;
    const index = Number(match[1]);
    const errors = passes[index];
    if (!errors) return false;
    const path = match[2];
    const text = (match[3] ?? value).trim() || value.trim();
    const field = (path ? PATH_FIELDS[path] : undefined) ?? fieldOfMessage(text) ?? 'pass';
    errors[field] ??= text;
    return true;
  };
  for (const [key, value] of Object.entries(details ?? {})) {
    if (typeof value !== 'string') continue;
    // A detail's value may itself carry the engine's "passes[i]…: message".
    if (place(key, value) || place(value, value)) continue;
    form[key.split('.').pop() ?? key] ??= value;
  }
  if (message && Object.keys(details ?? {}).length === 0) place(message, message);
  return { passes, form };
}
