import { type BlockOutputPage, type ExportedFile, exportedFileSchema } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { saveBlob } from '../../shared/lib/download.ts';
import { http } from '../../shared/session/http-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { formatSize } from '../documents/index.ts';
import { formatCount } from './execution-display.ts';
import { OUTPUT_PAGE_SIZE, type OutputRef, useBlockOutput } from './executions-api.ts';
import { OutputRowsGrid } from './output-rows-grid.tsx';

export interface BlockOutputDialogProps {
  /** "Clean amounts: Rows". */
  title: string;
  output: OutputRef;
  onClose: () => void;
}

/** One output of a block run: rows as a grid, 50 a page with Previous / Next; any other value as JSON. */
export function BlockOutputDialog({ title, output, onClose }: BlockOutputDialogProps) {
  const [pageNo, setPageNo] = useState(1);
  const page = useBlockOutput(output, pageNo);
  const data = page.data;
  const rows = data?.kind === 'rows';
  const pages = data ? Math.max(1, Math.ceil(data.total / OUTPUT_PAGE_SIZE)) : 1;
  // The page shown (the one before stays on screen while the next loads).
  const shown = data?.page_no ?? pageNo;
  const first = data && data.total > 0 ? (shown - 1) * OUTPUT_PAGE_SIZE + 1 : 0;
  const last = data ? Math.min(data.total, shown * OUTPUT_PAGE_SIZE) : 0;
  // An Export file block's value: its file to download (not the JSON that describes it).
  const parsedFile = data?.kind === 'value' ? exportedFileSchema.safeParse(data.value) : null;
  const file =
    parsedFile?.success && parsedFile.data.download_path
      ? { ...parsedFile.data, download_path: parsedFile.data.download_path }
      : null;

  return (
    <Modal
      open
      onClose={onClose}
      size="large"
      title={title}
      description={data ? (rows ? countOf(data.total, 'row') : file ? 'A file' : 'A value') : undefined}
      footer={
        rows && data ? (
          <nav aria-label="Output pages" className="flex w-full flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
              {data.total === 0
                ? 'No rows'
                : `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)}`}
            </span>
            <div className="flex flex-wrap gap-2">
              <DownloadButton title={title} output={output} format="csv" label="Download CSV" />
              <DownloadButton title={title} output={output} format="xlsx" label="Download Excel" />
              <PageButton label="Previous" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)} />
              <PageButton label="Next" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)} />
            </div>
          </nav>
        ) : data && !file ? (
          <div className="flex w-full flex-wrap justify-end gap-2">
            <DownloadButton title={title} output={output} format="json" label="Download JSON" />
          </div>
        ) : undefined
      }
    >
      {page.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : page.isError ? (
        <ErrorAlert>{page.error.message}</ErrorAlert>
      ) : file ? (
        <ExportedFileCard file={file} />
      ) : page.data.kind === 'value' ? (
        <pre className="overflow-x-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-words text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {JSON.stringify(page.data.value ?? null, null, 2)}
        </pre>
      ) : (
        <RowsGrid page={page.data} label={title} busy={page.isFetching} />
      )}
    </Modal>
  );
}

const DOWNLOAD = '/api/workflow/block-output/download';
/** A name the browser may save under (no folder separators or characters Windows refuses). */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'output';

/** Fetches with the session's token (http.download), then saves: the whole output, streamed by the server. */
async function saveDownload(path: string, query: Record<string, string>, fileName: string) {
  try {
    saveBlob(await http.download(path, { query }), fileName);
  } catch (failure) {
    toast.error('Download failed', failure instanceof Error ? failure.message : undefined);
  }
}

function DownloadButton({
  title,
  output,
  format,
  label,
}: {
  title: string;
  output: OutputRef;
  format: 'csv' | 'xlsx' | 'json';
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const query = { execution_id: output.executionId, node_id: output.nodeId, handle: output.handle };
    // A value is always JSON; the format only chooses between CSV and Excel for rows.
    await saveDownload(
      DOWNLOAD,
      format === 'json' ? query : { ...query, format },
      `${safeName(title)}.${format}`,
    );
    setBusy(false);
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}

const FORMAT_LABEL: Record<ExportedFile['format'], string> = { csv: 'CSV', xlsx: 'Excel' };

/**
 * An Export file block's value: the file's name, rows, size and format, and a link to the file the server
 * serves. The link carries the real address; a click fetches it with the session's token (the API reads
 * no cookie) and saves it under the file's name.
 */
function ExportedFileCard({ file }: { file: ExportedFile & { download_path: string } }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    const url = new URL(file.download_path, window.location.origin);
    await saveDownload(url.pathname, Object.fromEntries(url.searchParams), file.file_name);
    setBusy(false);
  };
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-zinc-200 p-4 sm:flex-row sm:items-center dark:border-zinc-800">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-[var(--color-primary)]/10 text-[var(--color-primary)]">
        <FileSpreadsheet aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-zinc-900 dark:text-zinc-100">{file.file_name}</p>
        <p className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
          {countOf(file.rows, 'row')} · {formatSize(file.size)} · {FORMAT_LABEL[file.format]}
        </p>
      </div>
      <a
        href={file.download_path}
        download={file.file_name}
        aria-busy={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          void download();
        }}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-[var(--color-primary)] px-3 py-2 text-sm font-medium text-white shadow-sm hover:opacity-90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] focus-visible:ring-offset-2 aria-busy:opacity-60 dark:focus-visible:ring-offset-zinc-900"
      >
        <Download aria-hidden="true" className="size-4" />
        Download <span className="sr-only">{file.file_name}</span>
      </a>
    </div>
  );
}

/**
 * Previous / Next stay focusable at the ends (aria-disabled, not disabled), so focus never falls
 * out of the dialog when the last page is reached.
 */
function PageButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
    >
      {label}
    </Button>
  );
}

/** The rows of the page shown, or a line saying the output has none. */
function RowsGrid({ page, label, busy }: { page: BlockOutputPage; label: string; busy: boolean }) {
  if (page.total === 0) {
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">This output has no rows.</p>;
  }
  return <OutputRowsGrid page={page} label={label} busy={busy} padding="dialog" />;
}
