import {
  DEFAULT_MAX_BLOCK,
  DEFAULT_WEIGHTS,
  EXACT_KEYS,
  MAX_SUBSET_ITEMS,
  MIN_GROUP_SIZE,
  PASS_KINDS,
  type PassKind,
  SCORED_BLOCKING_KEYS,
  SIMILARITY_METHODS,
  SUBSET_BLOCKING_KEYS,
  WEIGHT_NAMES,
} from '@counterpart/contracts';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { CheckboxGroup } from './form-controls.tsx';
import { KIND_LABELS, type PassDraft, type PassErrors } from './pass-form.ts';

const KEY_LABELS: Record<string, string> = {
  reference: 'Reference',
  amount: 'Amount',
  currency: 'Currency',
  counterparty: 'Counterparty',
  date: 'Date',
  typo: 'Reference one typo away (same amount)',
  payer: "Payer's customer (phone, name, earlier matches)",
};
const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: KEY_LABELS[value] ?? value }));
const SIMILARITY_LABELS: Record<(typeof SIMILARITY_METHODS)[number], string> = {
  best: 'Best of both',
  jaro_winkler: 'Jaro-Winkler (typos)',
  token_set: 'Token set (word order)',
};
const SIMILARITY_OPTIONS = SIMILARITY_METHODS.map((value) => ({ value, label: SIMILARITY_LABELS[value] }));
const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** The expert fields' error keys: an error in one opens the Advanced section. */
const ADVANCED_FIELDS = ['similarity_method', 'min_reference', 'ambiguity_gap', 'max_block', 'max_work'];

/**
 * The expert fields (similarity method, work caps, weights) behind a collapsed "Advanced" disclosure: a button
 * with aria-expanded (Enter or Space opens it); it opens by itself when one of its fields has an error.
 */
function Advanced({ number, errors, children }: { number: number; errors: PassErrors; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const failing = Object.keys(errors).some(
    (key) => ADVANCED_FIELDS.includes(key) || key.startsWith('weights.'),
  );
  const shown = open || failing;
  return (
    <div className="min-w-0 sm:col-span-2 lg:col-span-3">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        aria-label={`Pass ${number} advanced settings`}
        onClick={() => setOpen(!shown)}
        className="flex items-center gap-1.5 rounded text-sm font-medium text-zinc-800 hover:text-zinc-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:text-zinc-200 dark:hover:text-white"
      >
        <ChevronRight
          aria-hidden="true"
          className={`size-4 transition-transform ${shown ? 'rotate-90' : ''}`}
        />
        Advanced
        <span className="font-normal text-zinc-500 dark:text-zinc-400">
          (similarity method, work caps, weights)
        </span>
      </button>
      <div id={id} hidden={!shown} className={`mt-4 ${GRID}`}>
        {children}
      </div>
    </div>
  );
}

export interface PassFieldsProps {
  draft: PassDraft;
  errors: PassErrors;
  disabled: boolean;
  /** 1-based position, for unique accessible names ("Pass 2 auto-accept score"). */
  number: number;
  onChange: (draft: PassDraft) => void;
  onKindChange: (kind: PassKind) => void;
  currency: string;
}

/** The form of one pass: common fields, then the fields of its kind (see packages/recon-engine/README.md). */
export function PassFields({
  draft,
  errors,
  disabled,
  number,
  onChange,
  onKindChange,
  currency,
}: PassFieldsProps) {
  const set = <K extends keyof PassDraft>(field: K, value: PassDraft[K]) =>
    onChange({ ...draft, [field]: value });
  const input = (
    field: keyof PassDraft & keyof PassErrors,
    label: string,
    extra: { hint?: string; placeholder?: string } = {},
  ) => (
    <TextField
      label={label}
      aria-label={`Pass ${number} ${label.toLowerCase()}`}
      value={String(draft[field] ?? '')}
      onChange={(event) => set(field, event.target.value as never)}
      error={errors[field]}
      inputMode="decimal"
      autoComplete="off"
      disabled={disabled}
      {...extra}
    />
  );
  const thresholds = (
    <>
      {input('auto_accept', 'Auto-accept score', {
        hint: 'From 0 to 1: at or above it, a match is automatic.',
      })}
      {input('suggest', 'Suggest score', { hint: 'At or above it (and below auto-accept), a suggestion.' })}
    </>
  );
  const tolerance = (absoluteLabel: string, percentLabel: string) => (
    <>
      {input('tolerance_absolute', absoluteLabel, {
        hint: `In ${currency}, e.g. 500 or 12.50.`,
        placeholder: '0.00',
      })}
      {input('tolerance_percent', percentLabel, {
        hint: 'Of the expected amount; the larger allowance wins.',
        placeholder: '0',
      })}
      {input('tolerance_max_percent', 'At most (% of the expected amount)', {
        hint: 'Caps either allowance for small amounts; blank: no cap.',
        placeholder: '',
      })}
    </>
  );
  const weights = (
    <fieldset className="min-w-0 space-y-2 sm:col-span-2 lg:col-span-3">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Weights (blank: engine default)
      </legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {WEIGHT_NAMES.map((name) => (
          <TextField
            key={name}
            label={KEY_LABELS[name] ?? name}
            aria-label={`Pass ${number} ${name} weight`}
            value={draft.weights[name]}
            placeholder={String(DEFAULT_WEIGHTS[name])}
            inputMode="decimal"
            disabled={disabled}
            error={errors[`weights.${name}`]}
            onChange={(event) => set('weights', { ...draft.weights, [name]: event.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );

  return (
    <div className="space-y-5">
      {errors.pass && <ErrorAlert className="font-medium">{errors.pass}</ErrorAlert>}
      <div className={GRID}>
        <TextField
          label="Name"
          aria-label={`Pass ${number} name`}
          value={draft.name}
          maxLength={120}
          disabled={disabled}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label="Id"
          aria-label={`Pass ${number} id`}
          value={draft.id}
          hint="Shown on the groups this pass makes."
          maxLength={60}
          disabled={disabled}
          error={errors.id}
          onChange={(event) => set('id', event.target.value)}
        />
        <SelectField
          label="Kind"
          ariaLabel={`Pass ${number} kind`}
          value={draft.kind}
          options={PASS_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          disabled={disabled}
          error={errors.kind}
          onChange={(kind) => onKindChange(kind as PassKind)}
        />
        {input('days_before', 'Days before', {
          hint: 'The right item may be dated this many days before the left one.',
        })}
        {input('days_after', 'Days after', { hint: '…and this many days after it.' })}
        <SelectField
          label="Date compared"
          ariaLabel={`Pass ${number} date compared`}
          value={draft.date_field}
          options={[
            { value: 'date', label: 'Transaction date' },
            { value: 'value_date', label: 'Value (settlement) date' },
          ]}
          disabled={disabled}
          onChange={(value) => set('date_field', value as PassDraft['date_field'])}
        />
      </div>

      {draft.kind === 'exact' && (
        <CheckboxGroup
          legend="Keys that must be equal"
          hint="Reference: a shared identifier (one with a digit) after normalisation."
          options={options(EXACT_KEYS)}
          value={draft.keys}
          disabled={disabled}
          error={errors.keys}
          onChange={(keys) => set('keys', keys)}
        />
      )}

      {draft.kind === 'scored' && (
        <div className={GRID}>
          <CheckboxGroup
            className="sm:col-span-2 lg:col-span-3"
            legend="Blocking keys (which pairs are compared)"
            options={options(SCORED_BLOCKING_KEYS)}
            value={draft.blocking}
            disabled={disabled}
            error={errors.blocking}
            onChange={(blocking) => set('blocking', blocking)}
          />
          {tolerance('Amount tolerance', 'Amount tolerance %')}
          {thresholds}
          <Advanced number={number} errors={errors}>
            <SelectField
              label="Reference similarity"
              ariaLabel={`Pass ${number} reference similarity`}
              value={draft.similarity_method}
              options={SIMILARITY_OPTIONS}
              disabled={disabled}
              error={errors.similarity_method}
              onChange={(value) => set('similarity_method', value)}
            />
            {input('min_reference', 'Minimum reference similarity', { hint: 'From 0 to 1; blank: none.' })}
            {input('ambiguity_gap', 'Ambiguity gap δ', {
              hint: 'Two candidates scoring within δ make a suggestion, not an automatic match.',
            })}
            {input('max_block', 'Largest block', {
              placeholder: String(DEFAULT_MAX_BLOCK.scored),
              hint: 'Bigger blocks are skipped.',
            })}
            {weights}
          </Advanced>
        </div>
      )}

      {draft.kind === 'subset_sum' && (
        <div className={GRID}>
          <SelectField
            label="Cardinality"
            ariaLabel={`Pass ${number} cardinality`}
            value={draft.cardinality}
            options={[
              { value: 'many:1', label: 'Many left : one right (split payments)' },
              { value: '1:many', label: 'One left : many right (bulk payment)' },
            ]}
            disabled={disabled}
            error={errors.cardinality}
            onChange={(value) => set('cardinality', value as PassDraft['cardinality'])}
          />
          <CheckboxGroup
            className="sm:col-span-1 lg:col-span-2"
            legend="Blocking keys"
            options={options(SUBSET_BLOCKING_KEYS)}
            value={draft.blocking}
            disabled={disabled}
            error={errors.blocking}
            onChange={(blocking) => set('blocking', blocking)}
          />
          {tolerance('Allowed remainder', 'Allowed remainder %')}
          {input('max_group_size', 'Most items in a group', {
            hint: `From ${MIN_GROUP_SIZE} to ${MAX_SUBSET_ITEMS}.`,
          })}
          {thresholds}
          <Advanced number={number} errors={errors}>
            {input('max_block', 'Items searched per anchor', {
              placeholder: String(DEFAULT_MAX_BLOCK.subset_sum),
              hint: `The closest in date; at most ${MAX_SUBSET_ITEMS}.`,
            })}
            {input('max_work', 'Most work per anchor', {
              hint: 'Subsets tried before giving up on an item.',
            })}
            {weights}
          </Advanced>
        </div>
      )}

      {draft.kind === 'reversal' && (
        <CheckboxGroup
          legend="Sides where a line and its reversal cancel out"
          options={[
            { value: 'left', label: 'Left' },
            { value: 'right', label: 'Right' },
          ]}
          value={draft.sides}
          disabled={disabled}
          error={errors.sides}
          onChange={(sides) => set('sides', sides)}
        />
      )}
    </div>
  );
}
