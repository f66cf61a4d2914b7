import { EXPORT_DOCUMENT_FORMATS } from '@counterpart/contracts';
import { Download, FileStack, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import {
  DOCUMENTS_PAGE_SIZE,
  type DocumentsView,
  useDeleteDocuments,
  useDocuments,
  useExportDocuments,
  useRetryDocument,
} from './documents-api.ts';
import { DocumentsFilters } from './documents-filters.tsx';
import { DocumentsTable } from './documents-table.tsx';
import { DropZone } from './drop-zone.tsx';
import { useProcessingRefresh } from './use-processing-refresh.ts';

const EXPORT_LABELS = { zip: 'Originals (ZIP)', csv: 'Data (CSV)', xlsx: 'Data (XLSX)' } as const;

/** `/documents`: the drop box (upload with progress) and the documents list with filters and actions. */
export function DocumentsPage() {
  const canUpload = useCan('create', '{product}_documents');
  const canRetry = useCan('update', '{product}_documents');
  const canDelete = useCan('delete', '{product}_documents');
  const [view, setView] = useState<DocumentsView>({ page_no: 1, sort: 'created_at', order: 'desc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const documents = useDocuments(view);
  const retry = useRetryDocument();
  const remove = useDeleteDocuments();
  const exporter = useExportDocuments();
  useProcessingRefresh();

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const filtered = Boolean(view.search || view.kind || view.status || view.from || view.to);

  const startExport = (as: (typeof EXPORT_DOCUMENT_FORMATS)[number]) =>
    exporter.mutate(
      { ids: [...selected], as },
      {
        onSuccess: () => toast.success('Export started', 'The file downloads when it is ready.'),
        onError: (error) => toast.error('Could not export', error.message),
      },
    );

  return (
    <div className="space-y-6">
      {canUpload && (
        <Panel
          title="Upload documents"
          description="Statements, invoices and spreadsheets are read in the background."
        >
          <div className="p-4 sm:p-5">
            <DropZone />
          </div>
        </Panel>
      )}
      <Panel
        title="Documents"
        description="Each upload is processed in the background; its status updates here."
        actions={
          selected.size > 0 ? (
            <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
              <legend className="sr-only">Selected documents</legend>
              <span className="text-sm text-zinc-600 dark:text-zinc-300">{selected.size} selected</span>
              {EXPORT_DOCUMENT_FORMATS.map((as) => (
                <Button
                  key={as}
                  variant="secondary"
                  size="sm"
                  loading={exporter.isPending && exporter.variables?.as === as}
                  onClick={() => startExport(as)}
                >
                  <Download aria-hidden="true" />
                  {EXPORT_LABELS[as]}
                </Button>
              ))}
              {canDelete && (
                <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              )}
            </fieldset>
          ) : undefined
        }
      >
        <DocumentsFilters view={view} onChange={(change) => setView((v) => ({ ...v, ...change }))} />
        <PagedList
          query={documents}
          pageNo={view.page_no}
          pageSize={DOCUMENTS_PAGE_SIZE}
          onPage={(page_no) => setView((v) => ({ ...v, page_no }))}
          empty={
            filtered ? (
              <EmptyView icon={<FileStack />} description="No document matches these filters." />
            ) : (
              <EmptyView
                icon={<FileStack />}
                description="Documents you upload appear here with their processing status."
              />
            )
          }
        >
          {(rows) => (
            <DocumentsTable
              documents={rows}
              busy={documents.isFetching}
              selected={selected}
              onSelect={select}
              canRetry={canRetry}
              retrying={retry.isPending ? (retry.variables ?? null) : null}
              onRetry={(id) =>
                retry.mutate(id, { onError: (error) => toast.error('Could not retry', error.message) })
              }
            />
          )}
        </PagedList>
      </Panel>
      <ConfirmDialog
        open={confirmDelete}
        tone="danger"
        title="Delete documents"
        message={`Delete ${selected.size} document${selected.size === 1 ? '' : 's'} and their parsed data? This cannot be undone.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate([...selected], {
            onSuccess: () => {
              setSelected(new Set());
              setConfirmDelete(false);
              toast.success('Documents deleted');
            },
            onError: (error) => {
              setConfirmDelete(false);
              toast.error('Could not delete', error.message);
            },
          })
        }
      />
    </div>
  );
}
