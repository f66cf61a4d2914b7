import {
  MODEL_KIND_LABELS,
  MODEL_KINDS,
  MODEL_STATES,
  type ModelKind,
  type ModelState,
} from '@counterpart/contracts';
import { Plus, ScanText } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useListSearch } from '../../shared/lib/use-list-search.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { ListToolbar } from '../../shared/ui/list-toolbar.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';
import { DOCUMENT_TYPE_LABELS, STATE_LABELS, STATE_TONES } from './model-display.ts';
import { MODELS_PAGE_SIZE, useModels } from './models-api.ts';

const COUNT = new Intl.NumberFormat('en-US');
const LINK =
  'rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100';

const COLUMNS: ListColumn[] = [
  { label: 'Name', className: 'w-2/5 sm:px-5' },
  { label: 'Kind', className: 'hidden sm:table-cell' },
  { label: 'State' },
  { label: 'Labels', className: 'hidden text-right md:table-cell' },
  { label: 'Executions', className: 'hidden text-right sm:table-cell' },
  { label: 'Updated', className: 'hidden lg:table-cell' },
];

/** `/models/models`: the organization's extraction models, searched, filtered by kind and state, paged. */
export function ModelsPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', 'models');
  const { search, searchFor, pageNo, setPageNo } = useListSearch();
  const [kind, setKind] = useState<ModelKind | undefined>();
  const [state, setState] = useState<ModelState | undefined>();
  const models = useModels({ pageNo, search, kind, state });
  const filtered = Boolean(search || kind || state);
  const newModel = canCreate ? (
    <Button onClick={() => navigate('/models/create')}>
      <Plus aria-hidden="true" />
      New model
    </Button>
  ) : undefined;

  return (
    <Panel
      title="Models"
      description="Models read invoices, receipts and statements into fields and line items."
      actions={
        <ListToolbar searchLabel="Search models" onSearch={searchFor}>
          <select
            aria-label="Kind"
            className={`${FIELD_CLASSES} sm:w-40`}
            value={kind ?? ''}
            onChange={(event) => {
              setKind((event.target.value || undefined) as ModelKind | undefined);
              setPageNo(1);
            }}
          >
            <option value="">Every kind</option>
            {MODEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {MODEL_KIND_LABELS[k]}
              </option>
            ))}
          </select>
          <select
            aria-label="State"
            className={`${FIELD_CLASSES} sm:w-36`}
            value={state ?? ''}
            onChange={(event) => {
              setState((event.target.value || undefined) as ModelState | undefined);
              setPageNo(1);
            }}
          >
            <option value="">Every state</option>
            {MODEL_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
          {newModel}
        </ListToolbar>
      }
    >
      <PagedList
        query={models}
        pageNo={pageNo}
        pageSize={MODELS_PAGE_SIZE}
        onPage={setPageNo}
        empty={
          filtered ? (
            <EmptyView icon={<ScanText />} description="No model matches these filters." />
          ) : (
            <EmptyView
              icon={<ScanText />}
              title="No models yet"
              description="A rule-based model finds fields by the words beside them; an AI model learns them from a few documents you mark."
              action={newModel}
            />
          )
        }
      >
        {(page) => (
          <ListTable columns={COLUMNS} busy={models.isFetching} label="Models">
            {page.map((model) => (
              <tr key={model.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                <td className="max-w-0 px-4 py-3 sm:px-5">
                  <Link to={`/models/file-models/view/${model.id}`} className={`block truncate ${LINK}`}>
                    {model.name}
                  </Link>
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {DOCUMENT_TYPE_LABELS[model.document_type]}
                    {model.description ? ` · ${model.description}` : ''}
                  </p>
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
                  {MODEL_KIND_LABELS[model.kind]}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={STATE_TONES[model.state]} label={STATE_LABELS[model.state]} />
                </td>
                <td className="hidden px-4 py-3 text-right tabular-nums md:table-cell">
                  {model.labels.length}
                </td>
                <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">
                  <Link to={`/models/executions/${model.id}`} className={LINK}>
                    {COUNT.format(model.executions)}
                  </Link>
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-zinc-600 lg:table-cell dark:text-zinc-300">
                  {formatDateTime(model.updated_at)}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </Panel>
  );
}
