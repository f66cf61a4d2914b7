import type { Model } from '@counterpart/contracts';
import { FileUp, Highlighter, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useCan } from '../../shared/session/use-can.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { uploadDocument } from '../documents/index.ts';
import { Annotator } from './annotator.tsx';
import { useAddTrainingDocument, useRemoveTrainingDocument, useTrainingDocuments } from './models-api.ts';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

const COLUMNS: ListColumn[] = [
  { label: 'Document', className: 'w-1/2 sm:px-5' },
  { label: 'Marked', className: 'text-right' },
  { label: 'From', className: 'hidden sm:table-cell' },
  { label: 'Actions', className: 'text-right' },
];

/** A model's training documents: upload more, mark their fields, remove one. */
export function TrainingDocuments({ model }: { model: Model }) {
  const canUpdate = useCan('update', 'models');
  const documents = useTrainingDocuments(model.id);
  const add = useAddTrainingDocument();
  const remove = useRemoveTrainingDocument();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const upload = async (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) {
      setUploading(file.name);
      try {
        const document = await uploadDocument(file, () => {}, new AbortController().signal);
        await add.mutateAsync({ model_id: model.id, document_id: document.id });
        toast.success('Document added', `${file.name} is a training document.`);
      } catch (error) {
        toast.error(`Could not add ${file.name}`, error instanceof Error ? error.message : String(error));
      }
    }
    setUploading(null);
    if (input.current) input.current.value = '';
  };

  const labelCount = model.labels.length;
  const openDocument = documents.data?.data.find((d) => d.id === open);
  return (
    <div>
      {canUpdate && (
        <div className="flex flex-wrap items-center gap-3 px-5 pt-4">
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            aria-label="Training documents to upload"
            onChange={(event) => void upload(event.target.files)}
          />
          <Button variant="secondary" loading={uploading !== null} onClick={() => input.current?.click()}>
            <FileUp aria-hidden="true" />
            Upload documents
          </Button>
          <span role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
            {uploading
              ? `Uploading ${uploading}…`
              : 'PDF, PNG, JPEG or TIFF; scans and photos are read by OCR.'}
          </span>
        </div>
      )}
      {documents.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-10 w-full" />
        </div>
      ) : documents.isError ? (
        <ErrorAlert className="p-5">{documents.error.message}</ErrorAlert>
      ) : documents.data.data.length === 0 ? (
        <p className="p-5 text-sm text-zinc-600 dark:text-zinc-300">No training documents yet.</p>
      ) : (
        <div className="mt-3">
          <ListTable columns={COLUMNS} busy={documents.isFetching} label="Training documents">
            {documents.data.data.map((doc) => {
              const marked = new Set(doc.annotations.map((a) => a.label_key)).size;
              return (
                <tr key={doc.id}>
                  <td className="max-w-0 truncate px-4 py-3 font-medium sm:px-5">{doc.document_name}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {marked} of {labelCount}
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">
                    {doc.origin === 'correction' ? 'A corrected execution' : 'Marked by hand'}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Mark fields on ${doc.document_name}`}
                      onClick={() => setOpen(doc.id)}
                    >
                      <Highlighter aria-hidden="true" />
                      Mark fields
                    </Button>
                    {canUpdate && (
                      <IconButton
                        label={`Remove ${doc.document_name}`}
                        onClick={() =>
                          remove.mutate(doc.id, {
                            onSuccess: () =>
                              toast.success(
                                'Removed',
                                `${doc.document_name} is no longer a training document.`,
                              ),
                            onError: (error) => toast.error('Could not remove it', error.message),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </IconButton>
                    )}
                  </td>
                </tr>
              );
            })}
          </ListTable>
        </div>
      )}
      {openDocument && (
        <section
          aria-label={`Marking ${openDocument.document_name}`}
          className="border-t border-zinc-200 dark:border-zinc-800"
        >
          <Annotator
            key={openDocument.id}
            model={model}
            training={openDocument}
            onClose={() => setOpen(null)}
          />
        </section>
      )}
    </div>
  );
}
