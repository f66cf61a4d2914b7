import { KEYWORD_MODES, type ModelConfiguration } from '@counterpart/contracts';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';

export const DEFAULT_CONFIGURATION: ModelConfiguration = {
  confidence_threshold: 0.8,
  ocr_language: 'eng',
  date_order: 'DMY',
  decimal_separator: '.',
  currency: 'KES',
  target_table_id: null,
  selection: { mode: 'any', keywords: [], exclude: [] },
};

const DATE_ORDER_OPTIONS = [
  { value: 'DMY', label: 'Day first (12/03/2026 is 12 March)' },
  { value: 'MDY', label: 'Month first (03/12/2026 is 12 March)' },
  { value: 'YMD', label: 'Year first (2026/03/12)' },
];
const SEPARATOR_OPTIONS = [
  { value: '.', label: 'Point (1,471.60)' },
  { value: ',', label: 'Comma (1.471,60)' },
];
const MODE_LABELS: Record<(typeof KEYWORD_MODES)[number], string> = {
  any: 'Any of the words',
  all: 'All of the words',
  exact: 'The exact phrase',
  regex: 'A regular expression',
  fuzzy: 'Any, allowing OCR typos',
};

/** Words typed one per line (or separated by commas) → the list the API takes. */
export const wordList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((w) => w.trim())
    .filter(Boolean);

export interface ConfigurationFieldsProps {
  value: ModelConfiguration;
  onChange: (value: ModelConfiguration) => void;
  /** Show the layout keywords (rule-based models choose their documents by them). */
  withSelection: boolean;
}

/** How a model reads: confidence for review, date order, decimal separator, currency, its layout's words. */
export function ConfigurationFields({ value, onChange, withSelection }: ConfigurationFieldsProps) {
  const set = (patch: Partial<ModelConfiguration>) => onChange({ ...value, ...patch });
  const percent = Math.round(value.confidence_threshold * 100);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Review below (confidence %)"
        type="number"
        min={0}
        max={100}
        value={String(percent)}
        hint="Fields read with less confidence are marked “Needs review”."
        onChange={(event) => {
          const n = Number(event.target.value);
          if (Number.isFinite(n)) set({ confidence_threshold: Math.min(100, Math.max(0, n)) / 100 });
        }}
      />
      <TextField
        label="Currency when none is written"
        value={value.currency}
        maxLength={3}
        hint="Three letters, e.g. KES"
        onChange={(event) => set({ currency: event.target.value.toUpperCase() })}
      />
      <SelectField
        label="Dates are written"
        value={value.date_order}
        options={DATE_ORDER_OPTIONS}
        onChange={(v) => set({ date_order: v as ModelConfiguration['date_order'] })}
      />
      <SelectField
        label="Decimal separator"
        value={value.decimal_separator}
        options={SEPARATOR_OPTIONS}
        onChange={(v) => set({ decimal_separator: v as ModelConfiguration['decimal_separator'] })}
      />
      {withSelection && (
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Documents of this layout contain
          </legend>
          <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
            <SelectField
              label="Match"
              value={value.selection.mode}
              options={KEYWORD_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
              onChange={(mode) =>
                set({
                  selection: { ...value.selection, mode: mode as ModelConfiguration['selection']['mode'] },
                })
              }
            />
            <KeywordsField
              label="Words (one per line; empty: every document)"
              words={value.selection.keywords}
              onChange={(keywords) => set({ selection: { ...value.selection, keywords } })}
            />
          </div>
          <KeywordsField
            label="But not these words"
            words={value.selection.exclude}
            onChange={(exclude) => set({ selection: { ...value.selection, exclude } })}
          />
        </fieldset>
      )}
    </div>
  );
}

function KeywordsField({
  label,
  words,
  onChange,
}: {
  label: string;
  words: string[];
  onChange: (words: string[]) => void;
}) {
  return (
    <label className="block space-y-1.5 text-sm">
      <span className="font-medium text-zinc-800 dark:text-zinc-200">{label}</span>
      <textarea
        className="block min-h-[4.5rem] w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        defaultValue={words.join('\n')}
        onBlur={(event) => onChange(wordList(event.target.value))}
      />
    </label>
  );
}
