import type { TableImport } from '@counterpart/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../shared/lib/http.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import { useUploadImport } from './import-api.ts';

export interface UploadStepProps {
  /** Importing into this table: the server proposes its columns as targets. */
  tableId?: string | undefined;
  onUploaded: (tableImport: TableImport) => void;
  onCancel: () => void;
}

/** The server's word on the `password` field: a protected PDF statement needs (another) password. */
export function passwordProblem(failure: unknown): string | null {
  if (!(failure instanceof HttpError) || failure.status !== 400) return null;
  const details = (failure.data as { details?: Record<string, string> } | undefined)?.details;
  return details?.password ?? null;
}

/**
 * Pick or drop one file; it uploads with its progress shown, and a refusal shows the server's
 * reason. A password-protected M-Pesa PDF asks for its password and is sent again with it; the
 * password lives only in this form.
 */
export function UploadStep({ tableId, onUploaded, onCancel }: UploadStepProps) {
  const upload = useUploadImport();
  const [progress, setProgress] = useState<{ fileName: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState<{ file: File; problem: string; message: string } | null>(null);
  const [password, setPassword] = useState('');
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const send = async (file: File, withPassword?: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setProgress({ fileName: file.name, percent: 0 });
    try {
      const created = await upload({
        file,
        tableId,
        password: withPassword,
        signal: current.signal,
        onProgress: ({ percent }) => setProgress({ fileName: file.name, percent }),
      });
      setLocked(null);
      onUploaded(created);
    } catch (failure) {
      if (current.signal.aborted) return;
      const problem = passwordProblem(failure);
      const message = failure instanceof Error ? failure.message : String(failure);
      if (problem) {
        setLocked({ file, problem, message });
        setPassword('');
      } else {
        setLocked(null);
        setError(message);
      }
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  const unlock = (event: FormEvent) => {
    event.preventDefault();
    if (locked && password !== '') void send(locked.file, password);
  };

  const uploading = progress !== null;
  return (
    <div className="space-y-4">
      <FileDropZone
        onFile={(file) => void send(file)}
        disabled={uploading}
        progress={progress}
        error={error}
      />
      {locked && (
        <form
          onSubmit={unlock}
          aria-label="Statement password"
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
        >
          <p className="text-sm text-zinc-800 dark:text-zinc-200">{locked.message}</p>
          <TextField
            label={`Password of ${locked.file.name}`}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={locked.problem === 'The password is not right' ? locked.problem : undefined}
            hint="Used once to open the file; it is not stored."
            disabled={uploading}
            autoFocus
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={uploading || password === ''}>
              Open statement
            </Button>
          </div>
        </form>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {uploading ? (
          <Button variant="secondary" onClick={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
