import { FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { IMPORT_ACCEPT } from './import-files.ts';

export interface FileDropZoneProps {
  onFile: (file: File) => void;
  disabled?: boolean;
  /** The upload under way: its file name and percent sent. */
  progress?: { fileName: string; percent: number } | null;
  /** The last refusal, shown in place (the server's message). */
  error?: string | null;
}

/** Drop a file here or pick one: CSV, TSV, XLSX or a bank statement; shows the upload's progress. */
export function FileDropZone({ onFile, disabled = false, progress, error }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  const drop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div className="space-y-3">
      <fieldset
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={classNames(
          'flex min-w-0 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
          dragging
            ? 'border-[var(--color-primary)] bg-[var(--color-primary)]/5'
            : 'border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950/40',
        )}
      >
        <legend className="sr-only">File to import</legend>
        <FileUp aria-hidden="true" className="size-8 text-zinc-400 dark:text-zinc-500" />
        <p className="text-sm font-medium text-zinc-800 dark:text-zinc-100">Drop a file here, or</p>
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={pick}
        />
        <Button
          variant="secondary"
          disabled={disabled}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" />
          Choose a file
        </Button>
        <p id={hintId} className="max-w-md text-xs text-zinc-500 dark:text-zinc-400">
          CSV, TSV, Excel (.xlsx), a bank statement (camt .xml, MT940 .sta, OFX/QFX, QIF) or an M-Pesa PDF
          statement.
        </p>
      </fieldset>
      {progress && (
        <div className="space-y-1.5">
          <div className="flex justify-between gap-3 text-sm text-zinc-700 dark:text-zinc-300">
            <span className="min-w-0 truncate">Uploading {progress.fileName}</span>
            <span className="tabular-nums">{progress.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${progress.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div
              className="h-full rounded-full bg-[var(--color-primary)] transition-[width]"
              style={{ width: `${progress.percent}%` }}
            />
          </div>
        </div>
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </div>
  );
}
