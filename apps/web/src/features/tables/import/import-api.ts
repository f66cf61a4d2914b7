import {
  type ConfirmImportInput,
  type ImportProposalInput,
  type ImportStatus,
  importStartedSchema,
  type TableImport,
  tableImportSchema,
} from '@counterpart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/session/http-client.ts';
import { getFreshToken } from '../../../shared/session/keycloak-session.ts';
import { showSessionDialog, useSessionStore } from '../../../shared/session/session-store.ts';
import { useTablesKey } from '../tables-api.ts';
import { type UploadProgress, uploadWithProgress } from './upload-with-progress.ts';

/** How often the page asks for the import while its job runs (the socket usually reports first). */
export const IMPORT_POLL_MS = 1000;

const RUNNING: readonly ImportStatus[] = ['queued', 'running'];

export function isImportRunning(status: ImportStatus): boolean {
  return RUNNING.includes(status);
}

/** `/api/tables/storage/{product}_tables/imports` */
function useImportsBase(): string {
  const productKey = useSessionStore((state) => state.productKey);
  return `/api/tables/storage/${encodeURIComponent(productKey)}_tables/imports`;
}

function useImportKey(importId: string): readonly unknown[] {
  return [...useTablesKey(), 'import', importId];
}

export interface UploadInput {
  file: File;
  /** Importing into this table: the proposal maps to its columns. */
  tableId?: string | undefined;
  /** The password of a protected PDF statement (sent once, never kept by the server). */
  password?: string | undefined;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST the file (multipart `file`, optional `table_id`) with upload progress; answers the new import. */
export function useUploadImport() {
  const base = useImportsBase();
  const tablesKey = useTablesKey();
  const queryClient = useQueryClient();
  return async ({ file, tableId, password, onProgress, signal }: UploadInput): Promise<TableImport> => {
    const body = new FormData();
    if (tableId) body.append('table_id', tableId);
    if (password) body.append('password', password);
    body.append('file', file, file.name);
    const answer = await uploadWithProgress({
      url: base,
      body,
      token: await getFreshToken(),
      organizationId: useSessionStore.getState().organizationId,
      onProgress,
      onSessionProblem: () => showSessionDialog('session-expired'),
      ...(signal ? { signal } : {}),
    });
    const created = tableImportSchema.parse(answer);
    queryClient.setQueryData([...tablesKey, 'import', created.id], created);
    return created;
  };
}

/** GET one import; polled every second while its job is queued or running. */
export function useTableImport(importId: string) {
  const base = useImportsBase();
  return useQuery({
    queryKey: useImportKey(importId),
    queryFn: ({ signal }) =>
      http.get(`${base}/${encodeURIComponent(importId)}`, { schema: tableImportSchema, signal }),
    refetchInterval: (query) =>
      query.state.data && isImportRunning(query.state.data.status) ? IMPORT_POLL_MS : false,
    enabled: importId !== '',
  });
}

/** POST a new proposal (another sheet, delimiter or header choice); the import query gets the answer. */
export function useRepropose(importId: string) {
  const base = useImportsBase();
  const key = useImportKey(importId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportProposalInput) =>
      http.post(`${base}/${encodeURIComponent(importId)}/proposal`, input, { schema: tableImportSchema }),
    onSuccess: (changed) => queryClient.setQueryData(key, changed),
  });
}

/** POST confirm: the rows go in as a background job whose process id is the import id. */
export function useConfirmImport(importId: string) {
  const base = useImportsBase();
  const key = useImportKey(importId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmImportInput) =>
      http.post(`${base}/${encodeURIComponent(importId)}/confirm`, input, { schema: importStartedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * POST cancel: a queued or running import stops and adds nothing (status cancelled). A 409 (it
 * finished meanwhile) is thrown to the caller; the import is read again either way.
 */
export function useCancelImport(importId: string) {
  const base = useImportsBase();
  const key = useImportKey(importId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post(`${base}/${encodeURIComponent(importId)}/cancel`, undefined, { schema: tableImportSchema }),
    onSuccess: (cancelled) => queryClient.setQueryData(key, cancelled),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** An import that has ended: succeeded, failed or cancelled. */
export function isImportFinished(status: ImportStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/** Once an import ends, every tables query (the grid, the row count, the list) is fetched again. */
export function useRefreshTables() {
  const queryClient = useQueryClient();
  const key = useTablesKey();
  return () => queryClient.invalidateQueries({ queryKey: key });
}
