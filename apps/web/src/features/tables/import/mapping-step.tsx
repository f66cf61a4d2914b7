import type { ImportProposalInput, TableColumn, TableImport } from '@counterpart/contracts';
import { type FormEvent, useEffect, useId, useReducer, useState } from 'react';
import { useNotificationsStore } from '../../../shared/stores/notifications-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { FIELD_CLASSES, TextField } from '../../../shared/ui/text-field.tsx';
import { placeConfirmErrors } from './confirm-errors.ts';
import { useConfirmImport, useRepropose } from './import-api.ts';
import { MappingRowFields } from './mapping-row-fields.tsx';
import {
  checkMapping,
  type MappingErrors,
  type MappingRow,
  mappingFromProposal,
  mappingReducer,
} from './mapping-state.ts';
import { ReadOptions } from './read-options.tsx';
import { SamplePreview } from './sample-preview.tsx';

export interface MappingStepProps {
  tableImport: TableImport;
  /** The existing table's id and columns; null when the rows make a new table. */
  table: { id: string; columns: TableColumn[] } | null;
  onCancel: () => void;
  /** Back to the upload, to import another file instead. */
  onOtherFile?: (() => void) | undefined;
}

/** Names each source column for the controls; repeated headers get their position. */
function labelsOf(rows: MappingRow[]): Map<number, string> {
  const counts = new Map<string, number>();
  for (const row of rows)
    counts.set(row.header.toLowerCase(), (counts.get(row.header.toLowerCase()) ?? 0) + 1);
  return new Map(
    rows.map((row) => [
      row.source,
      (counts.get(row.header.toLowerCase()) ?? 0) > 1
        ? `${row.header} (column ${row.source + 1})`
        : row.header,
    ]),
  );
}

const NO_ERRORS: MappingErrors = { rows: {} };

/**
 * The mapping step: how the file is read (format, delimiter, header, sheet: a change asks the server
 * again), a preview of the first rows, each source column's target, the key column, and confirm.
 */
export function MappingStep({ tableImport, table, onCancel, onOtherFile }: MappingStepProps) {
  const proposal = tableImport.proposal;
  const [state, dispatch] = useReducer(mappingReducer, proposal, (first) => mappingFromProposal(first));
  const [errors, setErrors] = useState<MappingErrors>(NO_ERRORS);
  const repropose = useRepropose(tableImport.id);
  const confirm = useConfirmImport(tableImport.id);
  const addStartedProcess = useNotificationsStore((store) => store.addStartedProcess);
  const keyId = useId();
  const labels = labelsOf(state.rows);

  // A new proposal (another sheet, delimiter or header choice) restarts the mapping from it.
  useEffect(() => dispatch({ type: 'proposal', proposal }), [proposal]);

  const reread = async (input: ImportProposalInput) => {
    setErrors(NO_ERRORS);
    try {
      await repropose.mutateAsync(input);
    } catch (error) {
      setErrors({ rows: {}, form: error instanceof Error ? error.message : String(error) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkMapping(
      state,
      table ? { tableId: table.id, columns: table.columns } : { tableId: null },
      proposal,
    );
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const started = await confirm.mutateAsync(check.input);
      addStartedProcess(started.id, started.source);
    } catch (error) {
      setErrors(placeConfirmErrors(error, state.rows, table === null));
    }
  };

  const kept = state.rows.filter((row) => row.target !== 'skip');
  const problems =
    Object.values(errors.rows).reduce((count, fields) => count + Object.keys(fields).length, 0) +
    (errors.tableName ? 1 : 0);
  return (
    <form onSubmit={submit} noValidate className="space-y-6 dark:[color-scheme:dark]">
      {errors.form && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {errors.form}
        </p>
      )}
      <section aria-labelledby="import-reading" className="space-y-3">
        <h3 id="import-reading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {tableImport.file_name}
        </h3>
        <ReadOptions
          proposal={proposal}
          busy={repropose.isPending}
          onChange={(input) => void reread(input)}
        />
      </section>
      {!table && (
        <TextField
          label="Table name"
          className="sm:max-w-md"
          value={state.tableName}
          maxLength={200}
          error={errors.tableName}
          onChange={(event) => dispatch({ type: 'table-name', name: event.target.value })}
        />
      )}
      <section aria-labelledby="import-preview" className="space-y-3" aria-busy={repropose.isPending}>
        <h3 id="import-preview" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Preview
        </h3>
        <SamplePreview rows={state.rows} sample={proposal.sample_rows} />
      </section>
      <section aria-labelledby="import-columns" className="space-y-3">
        <h3 id="import-columns" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Columns
        </h3>
        {state.rows.map((row) => (
          <MappingRowFields
            key={`${proposal.sheet ?? ''}:${row.source}`}
            row={row}
            label={labels.get(row.source) ?? row.header}
            examples={proposal.sample_rows
              .map((cells) => cells[row.source] ?? '')
              .filter(Boolean)
              .slice(0, 3)}
            tableColumns={table?.columns ?? null}
            errors={errors.rows[row.source]}
            dispatch={dispatch}
          />
        ))}
        {proposal.format === 'statement' ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="statement-keys">
            Transactions already in the table (same bank reference, else same content) are skipped, so the
            same or an overlapping statement can be imported again safely.
          </p>
        ) : (
          <div className="space-y-1.5 sm:max-w-md">
            <label htmlFor={keyId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Key column (skip rows already imported)
            </label>
            <select
              id={keyId}
              className={FIELD_CLASSES}
              value={state.keySource ?? ''}
              onChange={(event) =>
                dispatch({
                  type: 'key',
                  source: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">None</option>
              {kept.map((row) => (
                <option key={row.source} value={row.source}>
                  {labels.get(row.source) ?? row.header}
                </option>
              ))}
            </select>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              A row whose key is already in the table is skipped, so the same file can be imported again
              safely.
            </p>
          </div>
        )}
      </section>
      {problems > 0 && (
        <ErrorAlert className="sm:text-right">
          {problems === 1 ? 'One field needs a change above.' : `${problems} fields need a change above.`}
        </ErrorAlert>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-end dark:border-zinc-800">
        {onOtherFile && (
          <Button variant="ghost" onClick={onOtherFile} className="sm:mr-auto">
            Choose another file
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={confirm.isPending} disabled={repropose.isPending}>
          Import rows
        </Button>
      </div>
    </form>
  );
}
