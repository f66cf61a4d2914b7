import type { BlockDefinition, BlockParameter, GraphNode, WorkflowGraph } from '@counterpart/contracts';
import { useId, useState } from 'react';
import { Switch } from '../../../shared/ui/switch.tsx';
import { FIELD_CLASSES, TextField } from '../../../shared/ui/text-field.tsx';
import { useModelOptions, useTableOptions } from './editor-api.ts';
import { parameterText, parseParameterValue } from './editor-graph.ts';
import { ColumnSelect, ColumnsPicker, RuleSetSelect, useUpstreamColumns } from './parameter-pickers.tsx';

interface FieldProps {
  parameter: BlockParameter;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The columns reaching the block's rows, when known: `column` parameters pick from them. */
  columns?: string[] | undefined;
}

function Labelled({
  id,
  parameter,
  error,
  children,
}: {
  id: string;
  parameter: BlockParameter;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {parameter.label}
        {parameter.required && (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        parameter.help && <p className="text-xs text-zinc-500 dark:text-zinc-400">{parameter.help}</p>
      )}
    </div>
  );
}

function TableSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const tables = useTableOptions();
  return (
    <select
      id={id}
      className={FIELD_CLASSES}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">{tables.isPending ? 'Loading tables…' : 'Choose a table'}</option>
      {tables.data?.data.map((table) => (
        <option key={table.id} value={table.id}>
          {table.name}
        </option>
      ))}
    </select>
  );
}

function ModelSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const models = useModelOptions();
  const empty = models.data?.data.length === 0;
  return (
    <select
      id={id}
      className={FIELD_CLASSES}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">
        {models.isPending
          ? 'Loading models…'
          : empty
            ? 'No ready model: create one in Data Extraction'
            : 'Choose a model'}
      </option>
      {models.data?.data.map((model) => (
        <option key={model.id} value={model.id}>
          {model.name}
        </option>
      ))}
    </select>
  );
}

/** One parameter's field, by its type. Text kept as typed; JSON and numbers stored once they parse. */
function ParameterField({ parameter, value, onChange, columns }: FieldProps) {
  const id = useId();
  const [text, setText] = useState(() => parameterText(parameter, value));
  const [error, setError] = useState<string>();
  const described = error ? `${id}-error` : undefined;
  const typed = (next: string) => {
    setText(next);
    const parsed = parseParameterValue(parameter, next);
    setError(parsed.ok ? undefined : parsed.error);
    if (parsed.ok) onChange(parsed.value);
  };
  switch (parameter.type) {
    case 'boolean':
      return (
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{parameter.label}</span>
          <Switch label={parameter.label} checked={value === true} onChange={onChange} />
        </div>
      );
    case 'select':
      return (
        <Labelled id={id} parameter={parameter}>
          <select
            id={id}
            className={FIELD_CLASSES}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value || undefined)}
          >
            <option value="">Choose…</option>
            {parameter.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Labelled>
      );
    case 'column':
      return (
        <Labelled id={id} parameter={parameter}>
          <ColumnSelect id={id} value={value} onChange={onChange} columns={columns} />
        </Labelled>
      );
    case 'rule_set':
      return (
        <Labelled id={id} parameter={parameter}>
          <RuleSetSelect id={id} value={value} onChange={onChange} />
        </Labelled>
      );
    case 'multiselect': {
      if (!parameter.options?.length) {
        // A multiselect with no options of its own picks columns (Deduplicate's key, Clean currency's amounts).
        const picker = <ColumnsPicker id={id} value={value} onChange={onChange} columns={columns} />;
        return columns ? (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              {parameter.label}
              {parameter.required && (
                <span aria-hidden="true" className="text-red-600">
                  {' '}
                  *
                </span>
              )}
            </legend>
            {picker}
          </fieldset>
        ) : (
          <Labelled id={id} parameter={parameter}>
            {picker}
          </Labelled>
        );
      }
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{parameter.label}</legend>
          {parameter.options?.map((option) => (
            <label
              key={option.value}
              className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300"
            >
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'table':
      return (
        <Labelled id={id} parameter={parameter}>
          <TableSelect id={id} value={value} onChange={onChange} />
        </Labelled>
      );
    case 'model':
      return (
        <Labelled id={id} parameter={parameter}>
          <ModelSelect id={id} value={value} onChange={onChange} />
        </Labelled>
      );
    case 'json':
      return (
        <Labelled id={id} parameter={parameter} error={error}>
          <textarea
            id={id}
            rows={4}
            spellCheck={false}
            className={`${FIELD_CLASSES} font-mono text-xs`}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(e) => typed(e.target.value)}
          />
        </Labelled>
      );
    default:
      return (
        <Labelled id={id} parameter={parameter} error={error}>
          <input
            id={id}
            type={parameter.type === 'number' ? 'number' : 'text'}
            className={FIELD_CLASSES}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(e) => typed(e.target.value)}
          />
        </Labelled>
      );
  }
}

export interface NodePanelProps {
  node: GraphNode;
  /** The whole graph: what reaches the node decides the columns its pickers offer. */
  graph?: WorkflowGraph | undefined;
  block: BlockDefinition | undefined;
  onChange: (change: { label?: string | undefined; parameters?: Record<string, unknown> }) => void;
}

/** The selected block's label and its parameters, generated from the block's parameter schema. */
export function NodePanel({ node, graph, block, onChange }: NodePanelProps) {
  const rowsInput = block?.inputs.find((port) => port.kind === 'table')?.name ?? 'rows';
  const columns = useUpstreamColumns(graph, node.id, rowsInput);
  const setParameter = (name: string, value: unknown) => {
    const parameters = { ...node.parameters };
    if (value === undefined) delete parameters[name];
    else parameters[name] = value;
    onChange({ parameters });
  };
  return (
    <section aria-label={`${block?.name ?? node.type} settings`} className="space-y-3">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{block?.name ?? node.type}</h3>
      {block && <p className="text-xs text-zinc-500 dark:text-zinc-400">{block.description}</p>}
      <TextField
        label="Label"
        placeholder={block?.name}
        maxLength={120}
        value={node.label ?? ''}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      {block?.parameters.map((parameter) => (
        <ParameterField
          key={parameter.name}
          parameter={parameter}
          value={node.parameters[parameter.name]}
          columns={columns}
          onChange={(value) => setParameter(parameter.name, value)}
        />
      ))}
    </section>
  );
}
