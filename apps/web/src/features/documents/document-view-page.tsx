import { type DocumentView, isStatementKind, readsAsPages } from '@counterpart/contracts';
import { Download, RotateCcw, TableProperties } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { saveBlob } from '../../shared/lib/download.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { formatSize, KIND_LABELS, STATUS_DISPLAY } from './document-status.ts';
import { useDocument, useOriginal, useRetryDocument, useSendToTable } from './documents-api.ts';
import { PdfParsedText, RowsGrid } from './parsed-views.tsx';
import { StatementView } from './statement-view.tsx';
import { useProcessingRefresh } from './use-processing-refresh.ts';

// pdfjs is large: its chunk loads only when a PDF is previewed.
const PdfPreview = lazy(() => import('./pdf-preview.tsx'));

/** `/documents/:documentId`: the document's preview (PDF pages, image, rows) and its parsed result. */
export function DocumentViewPage() {
  const documentId = useParams().documentId ?? '';
  const document = useDocument(documentId);
  useProcessingRefresh();
  if (document.isPending) {
    return (
      <div className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (document.isError) {
    return <ErrorAlert>{document.error.message}</ErrorAlert>;
  }
  return <DocumentDetails doc={document.data} />;
}

function DocumentDetails({ doc }: { doc: DocumentView }) {
  const navigate = useNavigate();
  const canRetry = useCan('update', '{product}_documents');
  const canImport = useCan('create', '{product}_table');
  const retry = useRetryDocument();
  const sendToTable = useSendToTable();
  const needsBytes = readsAsPages(doc.kind);
  const original = useOriginal(doc.id, needsBytes);
  const display = STATUS_DISPLAY[doc.status];
  const statement = isStatementKind(doc.kind);
  // CSV/XLSX rows and statements need no preview beside them: they are shown whole.
  const tabular = doc.kind === 'csv' || doc.kind === 'xlsx' || statement;

  const download = async () => {
    try {
      const blob = original.data ?? (await original.refetch({ throwOnError: true })).data;
      if (blob) saveBlob(blob, doc.file_name);
    } catch (error) {
      toast.error('Download failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <div className="space-y-6">
      <Panel
        title={doc.file_name}
        description={`${KIND_LABELS[doc.kind]} · ${formatSize(doc.size_bytes)} · uploaded ${formatDateTime(doc.created_at)}`}
        actions={
          <>
            <Button variant="secondary" onClick={() => void download()}>
              <Download aria-hidden="true" />
              Download original
            </Button>
            {doc.status === 'failed' && canRetry && (
              <Button
                variant="secondary"
                loading={retry.isPending}
                onClick={() =>
                  retry.mutate(doc.id, { onError: (e) => toast.error('Could not retry', e.message) })
                }
              >
                <RotateCcw aria-hidden="true" />
                Retry
              </Button>
            )}
            {tabular && doc.status === 'processed' && canImport && (
              <Button
                loading={sendToTable.isPending}
                onClick={() =>
                  sendToTable.mutate(doc.id, {
                    onSuccess: ({ import_id }) =>
                      navigate(`/tables/create?import=${encodeURIComponent(import_id)}`),
                    onError: (e) => toast.error('Could not send to a table', e.message),
                  })
                }
              >
                <TableProperties aria-hidden="true" />
                Send to table
              </Button>
            )}
          </>
        }
      >
        <dl className="grid grid-cols-2 gap-4 px-4 py-4 text-sm sm:grid-cols-4 sm:px-5">
          <div>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">Status</dt>
            <dd className="mt-1">
              <StatusBadge status={display.tone} label={display.label} />
            </dd>
          </div>
          {statement ? (
            <StatementFacts doc={doc} />
          ) : (
            <>
              <Fact
                label={readsAsPages(doc.kind) ? 'Pages' : 'Rows'}
                value={doc.page_count ?? doc.row_count}
              />
              <Fact label="Tables found" value={readsAsPages(doc.kind) ? doc.summary.tables : undefined} />
              {typeof doc.summary.ocr_confidence === 'number' && (
                <Fact label="OCR confidence" value={`${Math.round(doc.summary.ocr_confidence * 100)}%`} />
              )}
            </>
          )}
          <Fact label="Processed" value={doc.processed_at ? formatDateTime(doc.processed_at) : undefined} />
          {doc.status_reason && (
            <p className="col-span-2 text-zinc-700 sm:col-span-4 dark:text-zinc-300">{doc.status_reason}</p>
          )}
        </dl>
      </Panel>
      <div className={tabular ? '' : 'grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2'}>
        {!tabular && (
          <Panel title="Preview">
            {original.isPending ? (
              <Spinner label="Loading the file" className="m-6" />
            ) : original.isError ? (
              <ErrorAlert className="p-5">{original.error.message}</ErrorAlert>
            ) : doc.kind === 'pdf' ? (
              <Suspense fallback={<Spinner label="Loading the PDF viewer" className="m-6" />}>
                <PdfPreview data={original.data} fileName={doc.file_name} />
              </Suspense>
            ) : (
              <ImagePreview blob={original.data} doc={doc} />
            )}
          </Panel>
        )}
        <Panel title={statement ? 'Statement' : tabular ? 'Rows' : 'Parsed text'}>
          {doc.status === 'processed' ? (
            statement ? (
              <StatementView documentId={doc.id} fileName={doc.file_name} />
            ) : tabular ? (
              <RowsGrid documentId={doc.id} label={`Rows of ${doc.file_name}`} />
            ) : (
              <PdfParsedText documentId={doc.id} />
            )
          ) : (
            <p className="p-5 text-sm text-zinc-600 dark:text-zinc-300">
              {doc.status === 'pending' || doc.status === 'processing'
                ? 'This document is being processed…'
                : (doc.status_reason ?? 'No parsed result.')}
            </p>
          )}
        </Panel>
      </div>
    </div>
  );
}

/** What a statement states about itself: the account, its currency, the days it covers. */
function StatementFacts({ doc }: { doc: DocumentView }) {
  const { account, currency, period_from: from, period_to: to } = doc.summary;
  const period = from && to ? (from === to ? from : `${from} to ${to}`) : undefined;
  return (
    <>
      <Fact label="Account" value={account ?? undefined} />
      <Fact label="Currency" value={currency === null ? 'Several' : currency} />
      <Fact label="Period" value={period} />
      <Fact label="Transactions" value={doc.row_count} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 font-medium break-all text-zinc-900 tabular-nums dark:text-zinc-100">
        {value ?? '—'}
      </dd>
    </div>
  );
}

/** PNG and JPEG are shown; browsers cannot draw TIFF, so it is offered as a download instead. */
function ImagePreview({ blob, doc }: { blob: Blob; doc: DocumentView }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  if (doc.media_type === 'image/tiff') {
    return (
      <p className="p-5 text-sm text-zinc-600 dark:text-zinc-300">
        Browsers cannot show TIFF images: download the original to view it.
      </p>
    );
  }
  return (
    <div className="flex justify-center rounded-b-xl bg-zinc-100 p-4 dark:bg-zinc-950">
      {url && <img src={url} alt={doc.file_name} className="max-h-[40rem] max-w-full bg-white shadow" />}
    </div>
  );
}
