import { z } from 'zod';

/**
 * The matching engine's rule set (packages/recon-engine): ordered passes, each of one kind. The
 * engine validates with these schemas (`checkRuleSet`, rule-set-check.ts), the server stores and
 * answers passes of this shape, the web's rule editor takes its kinds, limits and defaults from here
 * (the default rule set: default-rule-set.ts).
 *
 * The checks are the engine's: the same rule sets pass or fail, with the engine's messages. Fields
 * the editor does not know are kept (loose objects), so a round trip never drops them.
 */

// ---------------------------------------------------------------- limits and defaults

/** A date window reaches at most this many days before or after the left record. */
export const MAX_DATE_WINDOW_DAYS = 3650;
/** An amount tolerance's absolute part is whole minor units, 0..this (a safe integer). */
export const MAX_TOLERANCE_ABSOLUTE = Number.MAX_SAFE_INTEGER;
/** An amount tolerance's percent is 0..100. */
export const MAX_TOLERANCE_PERCENT = 100;
/** A subset-sum group has at least this many records on its "many" side… */
export const MIN_GROUP_SIZE = 2;
/** …and at most this many; the subset search also reads at most this many records an anchor. */
export const MAX_SUBSET_ITEMS = 40;
/** Most subsets and pairs a subset-sum search may try for one anchor. */
export const MAX_SUBSET_WORK = 1_000_000_000;
/** Records in a block above which the block is skipped (scored), or kept closest in date (subset_sum). */
export const DEFAULT_MAX_BLOCK = { scored: 200, subset_sum: 24 } as const;

export const PASS_KINDS = ['exact', 'scored', 'subset_sum', 'reversal'] as const;
export type PassKind = (typeof PASS_KINDS)[number];
/** 'reference' = a shared identifier token (one with a digit); 'amount' and 'currency' = equal. */
export const EXACT_KEYS = ['reference', 'amount', 'currency', 'counterparty'] as const;
/**
 * reference: a shared reference key; typo: the same amount and an identifier one typo away; amount: an
 * amount within the tolerance; counterparty: a shared counterparty key (phone or name word); payer: the
 * right records of the customers the left record's payer is linked to (phone, full or masked, name,
 * earlier accepted matches), with the link's strength as the counterparty feature.
 */
export const SCORED_BLOCKING_KEYS = ['reference', 'typo', 'amount', 'counterparty', 'payer'] as const;
/** `payer`: 1:many, the payment's customers' open invoices; many:1, the open payments of the invoice's customer. */
export const SUBSET_BLOCKING_KEYS = ['reference', 'typo', 'counterparty', 'payer'] as const;
export const SIMILARITY_METHODS = ['best', 'jaro_winkler', 'token_set'] as const;
export const PASS_SIDES = ['left', 'right'] as const;
export const DATE_FIELDS = ['date', 'value_date'] as const;
export const WEIGHT_NAMES = ['amount', 'date', 'reference', 'counterparty'] as const;
export type WeightName = (typeof WEIGHT_NAMES)[number];
/** The weights of the features in a score when a pass names none. */
export const DEFAULT_WEIGHTS: Readonly<Record<WeightName, number>> = {
  amount: 0.35,
  date: 0.1,
  reference: 0.4,
  counterparty: 0.15,
};

// ---------------------------------------------------------------- schemas

const between = (min: number, max: number) => `must be a number between ${min} and ${max}`;
/** A finite number in [min, max]; every refusal says so. */
function numberBetween(min: number, max: number) {
  const message = between(min, max);
  return z.number({ error: message }).min(min, message).max(max, message);
}
/** A number the engine reads without a range. */
const anyNumber = z.number({ error: 'must be a number' });

const absoluteMessage = (input: unknown) =>
  `amount tolerance absolute must be a non-negative integer of minor units, got ${String(input)}`;
const percentMessage = (input: unknown) =>
  `amount tolerance percent must be between 0 and ${MAX_TOLERANCE_PERCENT}, got ${String(input)}`;

const maxPercentMessage = (input: unknown) =>
  `amount tolerance max_percent must be between 0 and ${MAX_TOLERANCE_PERCENT}, got ${String(input)}`;

/**
 * Allowed amount difference: the larger of `absolute` (minor units) and `percent` of the expected
 * amount, and never more than `max_percent` of it when given (so that a KES 500 allowance meant for
 * bank charges does not let a KES 300 invoice match a KES 700 payment).
 */
export const amountToleranceSchema = z.looseObject(
  {
    /** Integer minor units, ≥ 0. */
    absolute: z
      .number({ error: (issue) => absoluteMessage(issue.input) })
      .refine((value) => Number.isInteger(value) && value >= 0 && value <= MAX_TOLERANCE_ABSOLUTE, {
        error: (issue) => absoluteMessage(issue.input),
      })
      .nullish(),
    /** Percent of the expected side's total (the right side for 1:1 and many:1, the left for 1:many). */
    percent: z
      .number({ error: (issue) => percentMessage(issue.input) })
      .min(0, { error: (issue) => percentMessage(issue.input) })
      .max(MAX_TOLERANCE_PERCENT, { error: (issue) => percentMessage(issue.input) })
      .nullish(),
    /** At most this percent of the expected amount, whatever `absolute` allows (none: no cap). */
    max_percent: z
      .number({ error: (issue) => maxPercentMessage(issue.input) })
      .min(0, { error: (issue) => maxPercentMessage(issue.input) })
      .max(MAX_TOLERANCE_PERCENT, { error: (issue) => maxPercentMessage(issue.input) })
      .nullish(),
  },
  { error: 'amount tolerance must be an object' },
);
export type AmountTolerance = z.infer<typeof amountToleranceSchema>;

/**
 * Dates compared relative to the left record: the right record may be dated up to `days_before` days
 * before it and up to `days_after` days after it (inclusive).
 */
export const dateWindowSchema = z.looseObject(
  {
    days_before: numberBetween(0, MAX_DATE_WINDOW_DAYS),
    days_after: numberBetween(0, MAX_DATE_WINDOW_DAYS),
  },
  { error: 'date_window is required' },
);
export type DateWindow = z.infer<typeof dateWindowSchema>;

/** Weights of the features in a score; a missing one takes its DEFAULT_WEIGHTS value. */
export const featureWeightsSchema = z.looseObject(
  {
    amount: anyNumber.optional(),
    date: anyNumber.optional(),
    reference: anyNumber.optional(),
    counterparty: anyNumber.optional(),
  },
  { error: 'weights must be an object of numbers' },
);
export type FeatureWeights = Record<WeightName, number>;

// Fields in the order the engine has always checked them, so the first problem reported is the same;
// the ones it reads without a check (null reads as absent) come last.
const passBase = {
  id: z.string({ error: 'id must be a non-empty string' }).min(1, 'id must be a non-empty string'),
  date_window: dateWindowSchema,
};
const passTail = {
  /** Human-readable name shown with the groups this pass makes. */
  name: z.string({ error: 'name must be text' }).nullish(),
  date_field: z.enum(DATE_FIELDS, { error: 'date_field must be date or value_date' }).nullish(),
};

/** Scores 0..1: `suggest` may not be above `auto_accept`. */
function suggestNotAboveAutoAccept(pass: { auto_accept: number; suggest: number }, ctx: z.RefinementCtx) {
  if (pass.suggest > pass.auto_accept) {
    ctx.addIssue({ code: 'custom', path: ['suggest'], message: between(0, pass.auto_accept) });
  }
}

/** Equal keys after normalisation, as a hash join. 1:1; ties go to the earliest date, then the lowest id. */
export const exactPassSchema = z
  .looseObject({
    ...passBase,
    kind: z.literal('exact'),
    keys: z.array(z.enum(EXACT_KEYS, { error: (issue) => `unknown key ${String(issue.input)}` }), {
      error: 'keys must list at least one key',
    }),
    ...passTail,
  })
  .superRefine((pass, ctx) => {
    // On the pass, as the API has always named this one (its message names the field).
    if (pass.keys.length === 0)
      ctx.addIssue({ code: 'custom', path: [], message: 'keys must list at least one key' });
    else if (!pass.keys.includes('reference') && !pass.keys.includes('amount')) {
      ctx.addIssue({ code: 'custom', path: ['keys'], message: 'keys need reference or amount' });
    }
  });
export type ExactPass = z.infer<typeof exactPassSchema>;

const similarityMessage = `similarity.method must be ${SIMILARITY_METHODS.slice(1).join(', ')} or ${SIMILARITY_METHODS[0]}`;

/** Candidate blocking, weighted feature scores, conflict resolution, thresholds. 1:1. */
export const scoredPassSchema = z
  .looseObject({
    ...passBase,
    kind: z.literal('scored'),
    amount_tolerance: amountToleranceSchema.nullish(),
    blocking: z
      .array(
        z.enum(SCORED_BLOCKING_KEYS, { error: (issue) => `unknown blocking key ${String(issue.input)}` }),
        {
          error: 'blocking must list at least one key',
        },
      )
      .min(1, 'blocking must list at least one key'),
    auto_accept: numberBetween(0, 1),
    suggest: z.number({ error: 'must be a number between 0 and the auto-accept score' }),
    /** δ: when the best and the second-best candidate score within δ, the match is only suggested. */
    ambiguity_gap: numberBetween(0, 1),
    similarity: z.looseObject(
      {
        method: z.enum(SIMILARITY_METHODS, { error: similarityMessage }),
        min_reference: anyNumber.nullish(),
      },
      { error: similarityMessage },
    ),
    weights: featureWeightsSchema.nullish(),
    /** Blocks (a key's records, an amount range) larger than this are skipped as uninformative. */
    max_block: anyNumber.nullish(),
    ...passTail,
  })
  .superRefine((pass, ctx) => {
    if (pass.suggest < 0)
      ctx.addIssue({ code: 'custom', path: ['suggest'], message: between(0, pass.auto_accept) });
    else suggestNotAboveAutoAccept(pass, ctx);
  });
export type ScoredPass = z.infer<typeof scoredPassSchema>;

/** Several records of one side summing to one record of the other, found in leftovers by subset-sum. */
export const subsetSumPassSchema = z
  .looseObject({
    ...passBase,
    kind: z.literal('subset_sum'),
    cardinality: z.enum(['many:1', '1:many'], {
      error: (issue) =>
        issue.input === 'many:many'
          ? 'many:many is not searched automatically; use manual reconciliation'
          : 'cardinality must be many:1 or 1:many',
    }),
    /** A group whose difference is within this is `partial` (0 → `reconciled`). */
    allowed_remainder: amountToleranceSchema.nullish(),
    /** Most records on the "many" side of a group. */
    max_group_size: numberBetween(MIN_GROUP_SIZE, MAX_SUBSET_ITEMS),
    /** Subsets enumerated plus pairs compared per anchor before the search gives up. */
    max_work: numberBetween(1, MAX_SUBSET_WORK),
    auto_accept: anyNumber,
    suggest: z.number({ error: 'must be a number between 0 and the auto-accept score' }),
    blocking: z.array(
      z.enum(SUBSET_BLOCKING_KEYS, { error: (issue) => `unknown blocking key ${String(issue.input)}` }),
      { error: 'blocking must list the blocking keys' },
    ),
    /** Most records searched per anchor (closest dates kept). */
    max_block: anyNumber.nullish(),
    weights: featureWeightsSchema.nullish(),
    ...passTail,
  })
  .superRefine((pass, ctx) => {
    if (pass.suggest < 0)
      ctx.addIssue({ code: 'custom', path: ['suggest'], message: between(0, pass.auto_accept) });
    else suggestNotAboveAutoAccept(pass, ctx);
  });
export type SubsetSumPass = z.infer<typeof subsetSumPassSchema>;

/** A record and its exact negation on the same side (a reversal) cancel each other out. */
export const reversalPassSchema = z.looseObject({
  ...passBase,
  kind: z.literal('reversal'),
  sides: z.array(z.enum(PASS_SIDES, { error: 'sides must list left and/or right' }), {
    error: 'sides must list left and/or right',
  }),
  ...passTail,
});
export type ReversalPass = z.infer<typeof reversalPassSchema>;

/** One pass of a rule set, by `kind`. */
export const rulePassSchema = z.discriminatedUnion(
  'kind',
  [exactPassSchema, scoredPassSchema, subsetSumPassSchema, reversalPassSchema],
  {
    error: (issue) => {
      const input = issue.input as { kind?: unknown } | null | undefined;
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'must be an object';
      return `unknown kind ${String(input.kind)}`;
    },
  },
);
export type RulePass = z.infer<typeof rulePassSchema>;
/** Every field a pass of some kind reads; a pass's other fields are kept as they came. */
export const PASS_FIELDS: ReadonlySet<string> = new Set(
  [exactPassSchema, scoredPassSchema, subsetSumPassSchema, reversalPassSchema].flatMap((schema) =>
    Object.keys(schema.shape),
  ),
);

/** The passes of a rule set, in order; their ids are unique. */
export const rulePassesSchema = z.array(rulePassSchema).superRefine((passes, ctx) => {
  const ids = new Set<string>();
  passes.forEach((pass, index) => {
    if (ids.has(pass.id))
      ctx.addIssue({ code: 'custom', path: [index], message: `duplicate pass id ${pass.id}` });
    ids.add(pass.id);
  });
});

export const ruleSetSchema = z.looseObject(
  {
    /** Read as given by the engine: a string, else 'rules'. */
    id: z.unknown().optional(),
    name: z.unknown().optional(),
    passes: rulePassesSchema,
  },
  { error: 'must be an object with a passes list' },
);
export interface RuleSet {
  id: string;
  name?: string | undefined;
  passes: RulePass[];
}
