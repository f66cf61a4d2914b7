import {
  type DOCUMENT_SORTS,
  type DocumentKind,
  type DocumentStatus,
  documentSchema,
  documentsPageSchema,
  documentsUploadedSchema,
  type ExportDocuments,
  exportStartedSchema,
  parsedPageSchema,
  sentToTableSchema,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../shared/lib/http.ts';
import { http } from '../../shared/session/http-client.ts';
import { getFreshToken } from '../../shared/session/keycloak-session.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

export const DROP_BOX = '/api/documents/file_handler/drop_box';
export const PARSER = '/api/documents/file_handler/parser';
export const DOCUMENTS_PAGE_SIZE = 20;

const documentPath = (id: string) => `${DROP_BOX}/${encodeURIComponent(id)}`;

/** Every documents query starts with this key (with the organization): one invalidation refreshes them all. */
export function useDocumentsKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['documents', organizationId];
}

/** What the documents list shows: page, sort and filters (the query of GET drop_box). */
export interface DocumentsView {
  page_no: number;
  sort: (typeof DOCUMENT_SORTS)[number];
  order: 'asc' | 'desc';
  search?: string | undefined;
  kind?: DocumentKind | undefined;
  status?: DocumentStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const isBusy = (status: string) => status === 'pending' || status === 'processing';

/** GET one page of documents; polls every 2 s while one of them is still being processed. */
export function useDocuments(query: DocumentsView) {
  const key = useDocumentsKey();
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) =>
      http.get(DROP_BOX, {
        query: { ...query, page_size: DOCUMENTS_PAGE_SIZE },
        schema: documentsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((d) => isBusy(d.status)) ? 2000 : false),
  });
}

export function useDocument(id: string) {
  const key = useDocumentsKey();
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => http.get(documentPath(id), { schema: documentSchema, signal }),
    refetchInterval: (q) => (q.state.data && isBusy(q.state.data.status) ? 2000 : false),
  });
}

/** One page of the parsed result (PDF pages or rows); only for processed documents. */
export function useParsed(id: string, pageNo: number, pageSize: number, enabled: boolean) {
  const key = useDocumentsKey();
  return useQuery({
    queryKey: [...key, 'parsed', id, pageNo, pageSize],
    queryFn: ({ signal }) =>
      http.get(`${PARSER}/${encodeURIComponent(id)}`, {
        query: { page_no: pageNo, page_size: pageSize },
        schema: parsedPageSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * The original file's bytes (for the preview and the download). Kept apart from the documents
 * keys: a status refresh must not download the file again and redraw the preview.
 */
export function useOriginal(id: string, enabled: boolean) {
  const organizationId = useSessionStore((state) => state.organizationId);
  return useQuery({
    queryKey: ['document-original', organizationId, id],
    queryFn: ({ signal }) => http.download(`${documentPath(id)}/original`, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useDocumentsMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const key = useDocumentsKey();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useRetryDocument = () =>
  useDocumentsMutation((id: string) =>
    http.post(`${documentPath(id)}/retry`, undefined, { schema: documentSchema }),
  );

export const useDeleteDocuments = () =>
  useDocumentsMutation(async (ids: string[]) => {
    for (const id of ids) await http.delete(documentPath(id));
  });

export const useExportDocuments = () =>
  useMutation({
    mutationFn: (input: ExportDocuments) =>
      http.post(`${DROP_BOX}/export`, input, { schema: exportStartedSchema }),
  });

export const useSendToTable = () =>
  useMutation({
    mutationFn: (id: string) =>
      http.post(`${documentPath(id)}/send_to_table`, undefined, { schema: sentToTableSchema }),
  });

/**
 * Uploads one file with XMLHttpRequest, the only browser API that reports upload progress
 * (0–1 to `onProgress`); resolves with the recorded document, rejects with the server's message.
 */
export async function uploadDocument(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) {
  const token = await getFreshToken();
  const organizationId = useSessionStore.getState().organizationId;
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', DROP_BOX);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (organizationId) xhr.setRequestHeader('Organization', organizationId);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new HttpError(xhr.status, data));
    };
    xhr.onerror = () => reject(new HttpError(0, { message: 'The upload failed: check your connection' }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  const [document] = documentsUploadedSchema.parse(body).data;
  if (!document) throw new Error('The server recorded no document');
  return document;
}
