import { FileUp, FlaskConical } from 'lucide-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { LoadFailureView } from '../../shared/ui/load-failure-view.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { uploadDocument } from '../documents/index.ts';
import { ExecutionDetail } from './execution-detail.tsx';
import { STATE_LABELS } from './model-display.ts';
import { useExecute, useExecution, useModel } from './models-api.ts';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

/**
 * `/models/file-models/test/:id`: upload a document, the model runs on it (an execution), its fields are
 * drawn over the page with their confidence; correcting a value saves it as a training example.
 */
export function TestModelPage() {
  const { id = '' } = useParams();
  const model = useModel(id);
  usePageItemName(model.data?.name);
  const canRun = useCan('create', 'models');
  const execute = useExecute();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [executionId, setExecutionId] = useState<string | null>(null);
  const execution = useExecution(executionId);

  if (model.isPending) return <Spinner label="Loading the model" className="m-6" />;
  if (model.isError) return <LoadFailureView thing="model" icon={<FlaskConical />} error={model.error} />;
  const m = model.data;
  const ready = m.state === 'ready';

  const run = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const document = await uploadDocument(file, () => {}, new AbortController().signal);
      const started = await execute.mutateAsync({ model_id: m.id, document_ids: [document.id] });
      setExecutionId(started.executions[0] ?? null);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Panel
      title={`Test ${m.name}`}
      description="Upload a document to see what the model reads from it."
      actions={
        canRun && ready ? (
          <>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              aria-label="Document to test"
              onChange={(event) => void run(event.target.files?.[0])}
            />
            <Button loading={uploading} onClick={() => input.current?.click()}>
              <FileUp aria-hidden="true" />
              {executionId ? 'Test another document' : 'Upload a document'}
            </Button>
          </>
        ) : undefined
      }
    >
      {!ready ? (
        <EmptyView
          icon={<FlaskConical />}
          title={`The model is ${STATE_LABELS[m.state].toLowerCase()}`}
          description={m.state_reason ?? 'It can be tested once it is ready.'}
        />
      ) : uploadError ? (
        <ErrorAlert className="p-5">{uploadError}</ErrorAlert>
      ) : execution.data ? (
        <ExecutionDetail model={m} execution={execution.data} />
      ) : executionId || uploading ? (
        <Spinner label="Reading the document" className="m-6" />
      ) : (
        <EmptyView
          icon={<FlaskConical />}
          title="No document tested yet"
          description="PDFs, scans and phone photos (PNG, JPEG, TIFF). The fields found are drawn over the page."
        />
      )}
    </Panel>
  );
}
