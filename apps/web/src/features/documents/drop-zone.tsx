import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, FileUp, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { ACCEPTED_FILES, formatSize } from './document-status.ts';
import { uploadDocument, useDocumentsKey } from './documents-api.ts';

interface UploadItem {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: 'uploading' | 'done' | 'error';
  message?: string;
}

let uploadCounter = 0;

/**
 * Drop files here or choose them: each file is uploaded on its own request with a progress bar;
 * a refused file shows the server's reason (type, size) without stopping the others.
 */
export function DropZone({ disabled = false }: { disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [items, setItems] = useState<UploadItem[]>([]);
  const queryClient = useQueryClient();
  const key = useDocumentsKey();

  const update = (itemKey: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === itemKey ? { ...item, ...change } : item)));

  const start = (files: FileList | File[]) => {
    const added = Array.from(files).map((file) => ({ file, key: `upload-${++uploadCounter}` }));
    if (added.length === 0) return;
    setItems((list) => [
      ...added.map(({ file, key: itemKey }) => ({
        key: itemKey,
        name: file.name,
        size: file.size,
        progress: 0,
        state: 'uploading' as const,
      })),
      ...list.filter((item) => item.state !== 'done').slice(0, 20),
    ]);
    for (const { file, key: itemKey } of added) {
      const controller = new AbortController();
      uploadDocument(file, (fraction) => update(itemKey, { progress: fraction }), controller.signal)
        .then(() => {
          update(itemKey, { progress: 1, state: 'done' });
          void queryClient.invalidateQueries({ queryKey: key });
        })
        .catch((error: unknown) => {
          update(itemKey, {
            state: 'error',
            message: error instanceof Error ? error.message : String(error),
          });
        });
    }
  };

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) start(event.dataTransfer.files);
  };

  return (
    <div className="space-y-3">
      <fieldset
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={classNames(
          'flex min-w-0 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging
            ? 'border-[var(--color-primary)] bg-zinc-50 dark:bg-zinc-800/60'
            : 'border-zinc-300 dark:border-zinc-700',
        )}
      >
        <legend className="sr-only">Documents to upload</legend>
        <FileUp aria-hidden="true" className="size-8 text-zinc-400" />
        <p id={hintId} className="text-sm text-zinc-600 dark:text-zinc-300">
          Drag and drop PDF, PNG, JPEG, TIFF, CSV, XLSX or bank statement (camt.053, camt.054, MT940, OFX)
          files here, or
        </p>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          Choose files
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          className="sr-only"
          tabIndex={-1}
          aria-label="Documents to upload"
          onChange={(event) => {
            if (event.target.files) start(event.target.files);
            event.target.value = '';
          }}
        />
      </fieldset>
      {items.length > 0 && (
        <ul aria-label="Uploads" className="space-y-2">
          {items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onDismiss={() => setItems((l) => l.filter((i) => i.key !== item.key))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <div className="flex items-center gap-2">
        {item.state === 'done' && (
          <CheckCircle2 aria-hidden="true" className="size-4 text-green-600 dark:text-green-400" />
        )}
        {item.state === 'error' && (
          <CircleAlert aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
        )}
        <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-100">
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{formatSize(item.size)}</span>
        {item.state !== 'uploading' && (
          <IconButton label={`Dismiss ${item.name}`} size="sm" onClick={onDismiss}>
            <X />
          </IconButton>
        )}
      </div>
      {item.state === 'error' ? (
        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {item.message}
        </p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={item.state === 'done' ? 'Uploaded' : `${percent}%`}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div
            className={classNames(
              'h-full rounded-full transition-[width]',
              item.state === 'done' ? 'bg-green-500' : 'bg-[var(--color-primary)]',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}
