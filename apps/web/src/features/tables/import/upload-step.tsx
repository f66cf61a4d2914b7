import type { TableImport } from '@counterpart/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { FileDropZone } from './file-drop-zone.tsx';
import { useUploadImport } from './import-api.ts';

export interface UploadStepProps {
  /** Importing into this table: the server proposes its columns as targets. */
  tableId?: string | undefined;
  onUploaded: (tableImport: TableImport) => void;
  onCancel: () => void;
}

/** Pick or drop one file; it uploads with its progress shown, and a refusal shows the server's reason. */
export function UploadStep({ tableId, onUploaded, onCancel }: UploadStepProps) {
  const upload = useUploadImport();
  const [progress, setProgress] = useState<{ fileName: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const send = async (file: File) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setProgress({ fileName: file.name, percent: 0 });
    try {
      const created = await upload({
        file,
        tableId,
        signal: current.signal,
        onProgress: ({ percent }) => setProgress({ fileName: file.name, percent }),
      });
      onUploaded(created);
    } catch (failure) {
      if (current.signal.aborted) return;
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
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
