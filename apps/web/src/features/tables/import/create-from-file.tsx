import { Link, useNavigate, useSearchParams } from 'react-router';
import { classNames } from '../../../shared/lib/class-names.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { ImportFlow } from './import-flow.tsx';

/** `?import=<id>`: an import already uploaded (e.g. a document sent to a table); `?from=file`: upload first. */
export const IMPORT_PARAM = 'import';
export const FROM_PARAM = 'from';

/** Whether `/tables/create` shows the file path: `?from=file` or `?import=<importId>`. */
export function isCreateFromFile(params: URLSearchParams): boolean {
  return params.has(IMPORT_PARAM) || params.get(FROM_PARAM) === 'file';
}

/** The two ways to create a table, as links so the choice survives a reload. */
export function CreateModeSwitch({ mode }: { mode: 'columns' | 'file' }) {
  const item = (active: boolean) =>
    classNames(
      'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
      active
        ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-zinc-50'
        : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
    );
  return (
    <nav
      aria-label="How to create the table"
      className="inline-flex gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
    >
      <Link
        to="/tables/create"
        className={item(mode === 'columns')}
        aria-current={mode === 'columns' ? 'page' : undefined}
      >
        Columns by hand
      </Link>
      <Link
        to="/tables/create?from=file"
        className={item(mode === 'file')}
        aria-current={mode === 'file' ? 'page' : undefined}
      >
        From a file
      </Link>
    </nav>
  );
}

/** `/tables/create` from a file: upload, map the columns to a new table, import, then open it. */
export function CreateTableFromFile() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const importId = params.get(IMPORT_PARAM);
  const setImportId = (id: string | null) =>
    setParams(id ? { [IMPORT_PARAM]: id } : { [FROM_PARAM]: 'file' }, { replace: id !== null });

  return (
    <Panel
      title="Create table"
      description="From a CSV, TSV, Excel file or a bank statement: into a new table or one you have, check the proposed columns, then import."
      actions={<CreateModeSwitch mode="file" />}
    >
      <div className="p-4 sm:p-5">
        <ImportFlow
          importId={importId}
          onImportId={setImportId}
          onCancel={() => navigate('/tables')}
          doneActions={(done) => (
            <>
              <Button variant="secondary" onClick={() => setImportId(null)}>
                Import another file
              </Button>
              {done.table_id && (
                <Button onClick={() => navigate(`/tables/${done.table_id}`)}>Open table</Button>
              )}
            </>
          )}
        />
      </div>
    </Panel>
  );
}
