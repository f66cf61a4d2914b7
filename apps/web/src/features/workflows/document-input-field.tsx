import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { formatSize, uploadDocument } from '../documents/index.ts';

/** What the file picker offers for an Upload document block's `accept`. */
export function acceptOf(accept: string | null): string | undefined {
  switch (accept) {
    case 'csv':
      return '.csv,.tsv,.txt,text/csv';
    case 'xlsx':
      return '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    case 'statement':
      return '.csv,.xml,.sta,.940,.mt940,.txt,.ofx,.qfx,.qif';
    case 'pdf':
      return '.pdf,application/pdf';
    default:
      return undefined;
  }
}

export interface DocumentInputFieldProps {
  name: string;
  label: string;
  accept: string | null;
  error?: string | undefined;
  /** The uploaded document's id, or '' while there is none. */
  onChange: (documentId: string) => void;
  autoFocus?: boolean;
}

/**
 * A run's document input: the file is uploaded to Documents (with its progress) when chosen, and
 * the run is given the document's id. Choosing again replaces it.
 */
export function DocumentInputField({
  name,
  label,
  accept,
  error,
  onChange,
  autoFocus,
}: DocumentInputFieldProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setChosen(null);
    onChange('');
    setProgress(0);
    try {
      const document = await uploadDocument(file, setProgress, controller.signal);
      setChosen(`${document.file_name} (${formatSize(document.size_bytes)})`);
      onChange(document.id);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setFailure(caught instanceof Error ? caught.message : 'The upload failed');
    } finally {
      if (abort.current === controller) setProgress(null);
    }
  };

  const message = failure ?? error;
  const status =
    progress !== null ? `Uploading… ${Math.round(progress * 100)} %` : (chosen ?? 'No file chosen');
  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          name={name}
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-describedby={`${id}-status${message ? ` ${id}-error` : ''}`}
          aria-invalid={message ? true : undefined}
          disabled={progress !== null}
          data-autofocus={autoFocus ? '' : undefined}
          onClick={() => picker.current?.click()}
        >
          <FileUp aria-hidden="true" />
          <span id={`${id}-choose`}>{chosen ? 'Choose another file' : 'Choose a file'}</span>
        </Button>
        <span
          id={`${id}-status`}
          role="status"
          className="min-w-0 break-all text-sm text-zinc-600 dark:text-zinc-300"
        >
          {status}
        </span>
      </div>
      {progress !== null && (
        <progress
          className="h-1.5 w-full accent-[var(--color-primary)]"
          value={progress}
          max={1}
          aria-label={`Upload of ${label}`}
        />
      )}
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        accept={acceptOf(accept)}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {message && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
