import type { WorkflowGraph } from '@counterpart/contracts';
import { useMemo, useState } from 'react';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { useRuleSetOptions, useTableOptions } from './editor-api.ts';
import { tableColumnsById, upstreamColumns } from './upstream-columns.ts';

/**
 * The pickers of the parameter panel: a column (or several) from the columns known upstream of the
 * block, falling back to free text when they cannot be known before a run, and a rule set from the
 * organization's reconciliation rule sets.
 */

/** The columns reaching the node's rows input, or undefined when unknown. */
export function useUpstreamColumns(
  graph: WorkflowGraph | undefined,
  nodeId: string,
  handle: string,
): string[] | undefined {
  const tables = useTableOptions();
  const byId = useMemo(() => tableColumnsById(tables.data?.data ?? []), [tables.data]);
  return useMemo(
    () => (graph ? upstreamColumns(graph, nodeId, byId, handle) : undefined),
    [graph, nodeId, byId, handle],
  );
}

interface PickerProps {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  describedBy?: string | undefined;
}

/** One column: a select of the known columns (the stored one kept if it is not among them), else a text field. */
export function ColumnSelect({
  id,
  value,
  onChange,
  columns,
  describedBy,
}: PickerProps & { columns?: string[] | undefined }) {
  const current = typeof value === 'string' ? value : '';
  if (!columns) {
    return (
      <input
        id={id}
        type="text"
        className={FIELD_CLASSES}
        value={current}
        placeholder="Column name"
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      />
    );
  }
  return (
    <select
      id={id}
      className={FIELD_CLASSES}
      value={current}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">Choose a column</option>
      {current && !columns.includes(current) && <option value={current}>{current} (not in the input)</option>}
      {columns.map((column) => (
        <option key={column} value={column}>
          {column}
        </option>
      ))}
    </select>
  );
}

const splitNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** Several columns: checkboxes of the known columns, else their names separated by commas. */
export function ColumnsPicker({
  id,
  value,
  onChange,
  columns,
}: PickerProps & { columns?: string[] | undefined }) {
  const chosen = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const [text, setText] = useState(() => chosen.join(', '));
  if (!columns) {
    return (
      <input
        id={id}
        type="text"
        className={FIELD_CLASSES}
        value={text}
        placeholder="Column names, separated by commas"
        onChange={(e) => {
          setText(e.target.value);
          const names = splitNames(e.target.value);
          onChange(names.length > 0 ? names : undefined);
        }}
      />
    );
  }
  const shown = [...columns, ...chosen.filter((c) => !columns.includes(c))];
  const toggle = (column: string, on: boolean) => {
    const next = on ? [...chosen, column] : chosen.filter((c) => c !== column);
    // Kept in the input's order, so the key reads as the table does.
    const ordered = shown.filter((c) => next.includes(c));
    setText(ordered.join(', '));
    onChange(ordered.length > 0 ? ordered : undefined);
  };
  return (
    <div id={id} className="max-h-48 space-y-1 overflow-y-auto">
      {shown.map((column) => (
        <label key={column} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={chosen.includes(column)}
            onChange={(e) => toggle(column, e.target.checked)}
          />
          {columns.includes(column) ? column : `${column} (not in the input)`}
        </label>
      ))}
    </div>
  );
}

/** The Reconcile block's rule set: "Organization default" (stored as `default`) or a saved rule set. */
export function RuleSetSelect({ id, value, onChange, describedBy }: PickerProps) {
  const rules = useRuleSetOptions();
  const current = typeof value === 'string' && value !== '' ? value : 'default';
  const known = rules.data?.data ?? [];
  const missing = current !== 'default' && rules.data && !known.some((rule) => rule.id === current);
  return (
    <select
      id={id}
      className={FIELD_CLASSES}
      value={current}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value || 'default')}
    >
      <option value="default">Organization default</option>
      {rules.isPending && current !== 'default' && <option value={current}>Loading rule sets…</option>}
      {missing && <option value={current}>A rule set no longer saved</option>}
      {known.map((rule) => (
        <option key={rule.id} value={rule.id}>
          {rule.name}
        </option>
      ))}
    </select>
  );
}
