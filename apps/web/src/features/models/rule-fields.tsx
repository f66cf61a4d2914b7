import {
  ANCHOR_DIRECTIONS,
  FILTER_KINDS,
  type Filter,
  type Label,
  PAGE_CHOICES,
  type Rule,
} from '@counterpart/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';

/** How each rule method and filter is named in the rules editor. */
export const METHOD_LABELS: Record<Rule['method'], string> = {
  anchor: 'Beside a word',
  regex: 'Pattern (regular expression)',
  zone: 'Place on the page',
  static: 'Always this value',
  table: 'Line items by column headings',
};

const FILTER_LABELS: Record<Filter['kind'], string> = {
  trim: 'Trim spaces',
  replace: 'Replace text',
  regex: 'Keep a pattern’s part',
  date: 'Read as a date',
  amount: 'Read as an amount',
  whitelist: 'Keep only these characters',
  ocr_confusions: 'Fix OCR confusions (O/0, I/1)',
  uppercase: 'Upper case',
  lowercase: 'Lower case',
};

const DIRECTION_LABELS: Record<(typeof ANCHOR_DIRECTIONS)[number], string> = {
  right: 'Right of it',
  below: 'Below it',
  above: 'Above it',
};

/** A new rule of a method, with the defaults the API would give. */
export function newRule(method: Rule['method'], label: Label): Rule {
  switch (method) {
    case 'anchor':
      return { method, anchor: label.name, anchor_match: 'contains', direction: 'right', max_distance: 0.4 };
    case 'regex':
      return { method, pattern: '', group: 1, case_sensitive: false };
    case 'zone':
      return { method, page: 'first', box: { x0: 0.5, y0: 0, x1: 1, y1: 0.2 } };
    case 'static':
      return { method, value: '' };
    case 'table':
      return { method, columns: label.columns.map((c) => ({ key: c.key, header: c.name })) };
  }
}

function newFilter(kind: Filter['kind']): Filter {
  switch (kind) {
    case 'replace':
      return { kind, find: ' ', replace: '', regex: false };
    case 'regex':
      return { kind, pattern: '(.+)', group: 1 };
    case 'date':
      return { kind, formats: [] };
    case 'amount':
      return { kind };
    case 'whitelist':
      return { kind, characters: '0123456789' };
    case 'ocr_confusions':
      return { kind, shape: 'digits' };
    default:
      return { kind } as Filter;
  }
}

const small = `${FIELD_CLASSES} py-1.5`;

function Field({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className={`block space-y-1 text-sm ${wide ? 'sm:col-span-2' : ''}`}>
      <span className="font-medium text-zinc-800 dark:text-zinc-200">{label}</span>
      {children}
    </label>
  );
}

const percent = (n: number) => String(Math.round(n * 1000) / 10);
const fromPercent = (text: string) => Math.min(1, Math.max(0, Number(text) / 100 || 0));

/** The inputs of one rule, by its method. */
export function RuleFields({
  rule,
  label,
  name,
  onChange,
}: {
  rule: Rule;
  label: Label;
  /** Prefix of the inputs' accessible names ("Total rule 1"). */
  name: string;
  onChange: (rule: Rule) => void;
}) {
  switch (rule.method) {
    case 'anchor':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="The word or words beside the value">
            <input
              className={small}
              aria-label={`${name} anchor`}
              value={rule.anchor}
              onChange={(e) => onChange({ ...rule, anchor: e.target.value })}
            />
          </Field>
          <Field label="Where the value is">
            <select
              className={small}
              aria-label={`${name} direction`}
              value={rule.direction}
              onChange={(e) => onChange({ ...rule, direction: e.target.value as typeof rule.direction })}
            >
              {ANCHOR_DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {DIRECTION_LABELS[d]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="The words match">
            <select
              className={small}
              aria-label={`${name} anchor match`}
              value={rule.anchor_match}
              onChange={(e) =>
                onChange({ ...rule, anchor_match: e.target.value as typeof rule.anchor_match })
              }
            >
              <option value="contains">Containing them</option>
              <option value="exact">Exactly</option>
              <option value="regex">A regular expression</option>
            </select>
          </Field>
          <Field label="At most (% of the page away)">
            <input
              className={small}
              type="number"
              min={0.5}
              max={100}
              aria-label={`${name} distance`}
              value={percent(rule.max_distance)}
              onChange={(e) =>
                onChange({ ...rule, max_distance: Math.max(0.005, fromPercent(e.target.value)) })
              }
            />
          </Field>
          <Field label="The value looks like (optional regular expression)" wide>
            <input
              className={`${small} font-mono`}
              aria-label={`${name} value pattern`}
              value={rule.value_pattern ?? ''}
              placeholder="e.g. [A-Z]{2,4}-\d+"
              onChange={(e) =>
                onChange(
                  e.target.value
                    ? { ...rule, value_pattern: e.target.value }
                    : (({ value_pattern: _, ...rest }) => rest)(rule),
                )
              }
            />
          </Field>
        </div>
      );
    case 'regex':
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
          <Field label="Pattern; its group ( … ) is the value">
            <input
              className={`${small} font-mono`}
              aria-label={`${name} pattern`}
              value={rule.pattern}
              placeholder="Invoice No[.:]?\s*(\S+)"
              onChange={(e) => onChange({ ...rule, pattern: e.target.value })}
            />
          </Field>
          <Field label="Group">
            <input
              className={small}
              type="number"
              min={0}
              max={9}
              aria-label={`${name} group`}
              value={rule.group}
              onChange={(e) =>
                onChange({ ...rule, group: Math.min(9, Math.max(0, Number(e.target.value) || 0)) })
              }
            />
          </Field>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input
              type="checkbox"
              checked={rule.case_sensitive}
              onChange={(e) => onChange({ ...rule, case_sensitive: e.target.checked })}
            />
            Case-sensitive
          </label>
        </div>
      );
    case 'zone':
      return (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Field label="Page">
            <select
              className={small}
              aria-label={`${name} page`}
              value={String(rule.page)}
              onChange={(e) =>
                onChange({
                  ...rule,
                  page: (PAGE_CHOICES as readonly string[]).includes(e.target.value)
                    ? (e.target.value as (typeof PAGE_CHOICES)[number])
                    : Number(e.target.value),
                })
              }
            >
              <option value="first">First</option>
              <option value="last">Last</option>
              <option value="any">Any</option>
              <option value="2">Page 2</option>
            </select>
          </Field>
          {(['x0', 'y0', 'x1', 'y1'] as const).map((edge) => (
            <Field key={edge} label={{ x0: 'Left %', y0: 'Top %', x1: 'Right %', y1: 'Bottom %' }[edge]}>
              <input
                className={small}
                type="number"
                min={0}
                max={100}
                aria-label={`${name} ${{ x0: 'left', y0: 'top', x1: 'right', y1: 'bottom' }[edge]}`}
                value={percent(rule.box[edge])}
                onChange={(e) =>
                  onChange({ ...rule, box: { ...rule.box, [edge]: fromPercent(e.target.value) } })
                }
              />
            </Field>
          ))}
        </div>
      );
    case 'static':
      return (
        <Field label="Value">
          <input
            className={small}
            aria-label={`${name} value`}
            value={rule.value}
            onChange={(e) => onChange({ ...rule, value: e.target.value })}
          />
        </Field>
      );
    case 'table':
      return (
        <div className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            {label.columns.map((column) => {
              const mapped = rule.columns.find((c) => c.key === column.key);
              return (
                <Field key={column.key} label={`Heading of ${column.name}`}>
                  <input
                    className={small}
                    aria-label={`${name} heading of ${column.name}`}
                    value={mapped?.header ?? ''}
                    onChange={(e) =>
                      onChange({
                        ...rule,
                        columns: [
                          ...rule.columns.filter((c) => c.key !== column.key),
                          ...(e.target.value ? [{ key: column.key, header: e.target.value }] : []),
                        ].sort(
                          (a, b) =>
                            label.columns.findIndex((c) => c.key === a.key) -
                            label.columns.findIndex((c) => c.key === b.key),
                        ),
                      })
                    }
                  />
                </Field>
              );
            })}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Rows end at a line matching (optional)">
              <input
                className={`${small} font-mono`}
                aria-label={`${name} end pattern`}
                value={rule.end_pattern ?? ''}
                placeholder="Sub ?total"
                onChange={(e) =>
                  onChange(
                    e.target.value
                      ? { ...rule, end_pattern: e.target.value }
                      : (({ end_pattern: _, ...rest }) => rest)(rule),
                  )
                }
              />
            </Field>
            <Field label="Rows start after a line matching (optional)">
              <input
                className={`${small} font-mono`}
                aria-label={`${name} start pattern`}
                value={rule.start_pattern ?? ''}
                onChange={(e) =>
                  onChange(
                    e.target.value
                      ? { ...rule, start_pattern: e.target.value }
                      : (({ start_pattern: _, ...rest }) => rest)(rule),
                  )
                }
              />
            </Field>
          </div>
        </div>
      );
  }
}

/** A label's filter pipeline: steps applied in order to the text found. */
export function FiltersEditor({
  filters,
  name,
  onChange,
}: {
  filters: Filter[];
  name: string;
  onChange: (filters: Filter[]) => void;
}) {
  const set = (index: number, filter: Filter) => onChange(filters.map((f, i) => (i === index ? filter : f)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Then clean the text</legend>
      {filters.map((filter, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are edited in place
          key={index}
          className="flex flex-wrap items-center gap-2"
        >
          <select
            className={`${small} sm:w-auto`}
            aria-label={`${name} step ${index + 1}`}
            value={filter.kind}
            onChange={(e) => set(index, newFilter(e.target.value as Filter['kind']))}
          >
            {FILTER_KINDS.map((k) => (
              <option key={k} value={k}>
                {FILTER_LABELS[k]}
              </option>
            ))}
          </select>
          <FilterParams filter={filter} name={`${name} step ${index + 1}`} onChange={(f) => set(index, f)} />
          <IconButton
            label={`Remove ${name} step ${index + 1}`}
            onClick={() => onChange(filters.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      ))}
      <Button variant="ghost" size="sm" onClick={() => onChange([...filters, { kind: 'trim' }])}>
        <Plus aria-hidden="true" />
        Add a step
      </Button>
    </fieldset>
  );
}

function FilterParams({
  filter,
  name,
  onChange,
}: {
  filter: Filter;
  name: string;
  onChange: (f: Filter) => void;
}) {
  const input = `${small} sm:w-40`;
  switch (filter.kind) {
    case 'replace':
      return (
        <>
          <input
            className={input}
            aria-label={`${name} find`}
            value={filter.find}
            onChange={(e) => onChange({ ...filter, find: e.target.value })}
          />
          <span className="text-sm">with</span>
          <input
            className={input}
            aria-label={`${name} replace with`}
            value={filter.replace}
            onChange={(e) => onChange({ ...filter, replace: e.target.value })}
          />
        </>
      );
    case 'regex':
      return (
        <input
          className={`${input} font-mono`}
          aria-label={`${name} pattern`}
          value={filter.pattern}
          onChange={(e) => onChange({ ...filter, pattern: e.target.value })}
        />
      );
    case 'date':
      return (
        <input
          className={input}
          aria-label={`${name} formats`}
          placeholder="DD/MM/YYYY (optional)"
          value={filter.formats.join(', ')}
          onChange={(e) =>
            onChange({
              ...filter,
              formats: e.target.value
                .split(',')
                .map((f) => f.trim())
                .filter(Boolean),
            })
          }
        />
      );
    case 'amount':
      return (
        <select
          className={`${small} sm:w-auto`}
          aria-label={`${name} decimal separator`}
          value={filter.decimal_separator ?? ''}
          onChange={(e) =>
            onChange(
              e.target.value
                ? { kind: 'amount', decimal_separator: e.target.value as '.' | ',' }
                : { kind: 'amount' },
            )
          }
        >
          <option value="">The model’s separator</option>
          <option value=".">Decimal point</option>
          <option value=",">Decimal comma</option>
        </select>
      );
    case 'whitelist':
      return (
        <input
          className={input}
          aria-label={`${name} characters`}
          value={filter.characters}
          onChange={(e) => onChange({ ...filter, characters: e.target.value })}
        />
      );
    case 'ocr_confusions':
      return (
        <select
          className={`${small} sm:w-auto`}
          aria-label={`${name} shape`}
          value={filter.shape}
          onChange={(e) => onChange({ ...filter, shape: e.target.value as typeof filter.shape })}
        >
          <option value="digits">toward digits</option>
          <option value="letters">toward letters</option>
          <option value="alphanumeric">letters and digits</option>
        </select>
      );
    default:
      return null;
  }
}
