import { History } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { EXECUTION_LABELS, EXECUTION_TONES } from './model-display.ts';
import { EXECUTIONS_PAGE_SIZE, useExecutions, useModel } from './models-api.ts';

const COLUMNS: ListColumn[] = [
  { label: 'Document', className: 'w-2/5 sm:px-5' },
  { label: 'Status' },
  { label: 'Fields found', className: 'hidden text-right sm:table-cell' },
  { label: 'Started', className: 'hidden md:table-cell' },
];

/** `/models/executions/:model_id`: the documents a model has read, newest first. */
export function ModelExecutionsPage() {
  const { model_id: modelId = '' } = useParams();
  const model = useModel(modelId);
  usePageItemName(model.data?.name);
  const [pageNo, setPageNo] = useState(1);
  const executions = useExecutions(modelId, pageNo);
  return (
    <Panel
      title={model.data ? `Executions of ${model.data.name}` : 'Executions'}
      description="Each document the model read, with what it found. Open one to see it and correct it."
    >
      <PagedList
        query={executions}
        pageNo={pageNo}
        pageSize={EXECUTIONS_PAGE_SIZE}
        onPage={setPageNo}
        empty={
          <EmptyView
            icon={<History />}
            title="No executions yet"
            description="Test the model on a document, or run it from a workflow's Extract with model block."
          />
        }
      >
        {(page) => (
          <ListTable columns={COLUMNS} busy={executions.isFetching} label="Executions">
            {page.map((execution) => {
              const fields = execution.result?.fields ?? [];
              const found = fields.filter((f) => f.value !== null).length;
              return (
                <tr key={execution.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                  <td className="max-w-0 px-4 py-3 sm:px-5">
                    <Link
                      to={`/models/file-models/execution/${execution.id}/${modelId}`}
                      className="block truncate rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                    >
                      {execution.document_name}
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge
                      status={EXECUTION_TONES[execution.status]}
                      label={EXECUTION_LABELS[execution.status]}
                    />
                  </td>
                  <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">
                    {execution.result ? `${found} of ${fields.length}` : '—'}
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap text-zinc-600 md:table-cell dark:text-zinc-300">
                    {formatDateTime(execution.created_at)}
                  </td>
                </tr>
              );
            })}
          </ListTable>
        )}
      </PagedList>
    </Panel>
  );
}
