import { type BlockOutputPage, exportedFileSchema } from '@counterpart/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { saveBlob } from '../../shared/lib/download.ts';
import { http } from '../../shared/session/http-client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toast } from '../../shared/ui/toast.tsx';
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

  return (
    <Modal
      open
      onClose={onClose}
      size="large"
      title={title}
      description={
        data
          ? rows
            ? `${formatCount(data.total)} ${data.total === 1 ? 'row' : 'rows'}`
            : 'A value'
          : undefined
      }
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
        ) : data ? (
          <div className="flex w-full flex-wrap justify-end gap-2">
            <ExportedFileButton value={data.value} />
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

/** An Export file block's value: its file, downloaded from the path the server gave. */
function ExportedFileButton({ value }: { value: unknown }) {
  const [busy, setBusy] = useState(false);
  const file = exportedFileSchema.safeParse(value);
  if (!file.success || !file.data.download_path) return null;
  const { download_path: path, file_name: fileName } = file.data;
  const download = async () => {
    setBusy(true);
    const url = new URL(path as string, window.location.origin);
    await saveDownload(url.pathname, Object.fromEntries(url.searchParams), fileName);
    setBusy(false);
  };
  return (
    <Button size="sm" loading={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      Download {fileName}
    </Button>
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
