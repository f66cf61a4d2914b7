import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ColumnDraftFields } from './column-draft-fields.tsx';
import { type ColumnDraft, checkColumnDrafts, type DraftCheck, newColumnDraft } from './column-drafts.ts';
import { CreateModeSwitch, CreateTableFromFile, isCreateFromFile } from './import/create-from-file.tsx';
import { useCreateTable } from './tables-api.ts';

/** `/tables/create`: columns by hand, or from a file (`?from=file`, `?import=<importId>`). */
export function CreateTablePage() {
  const [params] = useSearchParams();
  return isCreateFromFile(params) ? <CreateTableFromFile /> : <CreateTableByHand />;
}

/** A name, a description and typed columns; opens the new table once created. */
function CreateTableByHand() {
  const navigate = useNavigate();
  const create = useCreateTable();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [drafts, setDrafts] = useState<ColumnDraft[]>(() => [newColumnDraft()]);
  const [nameError, setNameError] = useState<string | undefined>();
  const [columnErrors, setColumnErrors] = useState<DraftCheck['errors']>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkColumnDrafts(drafts);
    const missingName = name.trim() ? undefined : 'Name the table';
    setNameError(missingName);
    setColumnErrors(check.errors);
    setFormError(null);
    if (missingName || Object.keys(check.errors).length > 0) return;
    try {
      const table = await create.mutateAsync({
        name: name.trim(),
        description: description.trim() || undefined,
        columns: check.columns,
      });
      toast.success(`Table ${table.name} created`);
      navigate(`/tables/${table.id}`);
    } catch (error) {
      const problems = formErrorsOf(error);
      setNameError(problems.fields.name);
      setFormError(
        problems.form ?? (problems.fields.name ? null : (Object.values(problems.fields)[0] ?? null)),
      );
    }
  };

  const replace = (key: string, next: ColumnDraft) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? next : draft)));

  return (
    <Panel
      title="Create table"
      description="Name the table and add its typed columns."
      actions={<CreateModeSwitch mode="columns" />}
    >
      <form onSubmit={submit} noValidate className="space-y-5 p-4 sm:p-5 dark:[color-scheme:dark]">
        {formError && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
          >
            {formError}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Table name"
            value={name}
            error={nameError}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <section aria-labelledby="create-table-columns" className="space-y-3">
          <h3 id="create-table-columns" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Columns
          </h3>
          {drafts.map((draft, index) => (
            <ColumnDraftFields
              key={draft.key}
              draft={draft}
              index={index}
              errors={columnErrors[draft.key]}
              onChange={(next) => replace(draft.key, next)}
              onRemove={
                drafts.length > 1
                  ? () => setDrafts((current) => current.filter((item) => item.key !== draft.key))
                  : undefined
              }
            />
          ))}
          <Button variant="secondary" onClick={() => setDrafts((current) => [...current, newColumnDraft()])}>
            <Plus aria-hidden="true" />
            Add column
          </Button>
        </section>
        <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-end dark:border-zinc-800">
          <Button variant="secondary" onClick={() => navigate('/tables')}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create table
          </Button>
        </div>
      </form>
    </Panel>
  );
}
