import {
  type Annotation,
  type CorrectExecution,
  type CreateLabel,
  type CreateModel,
  documentTokensSchema,
  type ExecuteModel,
  executionStartedSchema,
  extractionResultSchema,
  type Filter,
  type LabelRuleInput,
  labelRuleSchema,
  labelSchema,
  type MODEL_KINDS,
  type MODEL_STATES,
  type ModelConfigurationInput,
  modelConfigurationSchema,
  modelExecutionSchema,
  modelExecutionsPageSchema,
  modelInsightsSchema,
  modelSchema,
  modelsPageSchema,
  trainingDocumentSchema,
  trainingDocumentsPageSchema,
  type UpdateLabel,
  type UpdateModel,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../shared/session/http-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

/** The models API (spec §7 Models, under /api/models); paths as packages/contracts/src/models.ts lists them. */
const BASE = '/api/models';
const MODEL = `${BASE}/document_data_extraction/model`;
const LABELS = `${BASE}/labels`;
const RULES = `${BASE}/r_b/label`;
const CONFIGURATIONS = `${BASE}/r_b/model/configurations`;
const TRAINING = `${BASE}/training_documents`;
const EXECUTE = `${BASE}/model/execute`;
const EXECUTIONS = `${BASE}/model/execution`;
const TOKENS = (documentId: string) =>
  `${BASE}/document_data_extraction/document/${encodeURIComponent(documentId)}/tokens`;

export const MODELS_PAGE_SIZE = 20;
export const EXECUTIONS_PAGE_SIZE = 20;

const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** Every models query starts with this key (with the organization): one invalidation refreshes them all. */
export function useModelsKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['models', organizationId];
}

export interface ModelsView {
  pageNo: number;
  search: string;
  kind?: (typeof MODEL_KINDS)[number] | undefined;
  state?: (typeof MODEL_STATES)[number] | undefined;
}

/** GET one page of the organization's models, newest change first. */
export function useModels(view: ModelsView) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'list', view],
    queryFn: ({ signal }) =>
      http.get(MODEL, {
        query: {
          page_no: view.pageNo,
          page_size: MODELS_PAGE_SIZE,
          search: view.search || undefined,
          kind: view.kind,
          state: view.state,
        },
        schema: modelsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET one model with its labels and configuration; polls while an AI model is learning. */
export function useModel(id: string) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => http.get(at(MODEL, id), { schema: modelSchema, signal }),
    refetchInterval: (q) => (q.state.data?.state === 'training' ? 2000 : false),
  });
}

/** After any change to a model's parts, everything about models is read again. */
function useInvalidateModels() {
  const client = useQueryClient();
  const key = useModelsKey();
  return () => client.invalidateQueries({ queryKey: key });
}

export function useCreateModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: CreateModel) => http.post(MODEL, body, { schema: modelSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateModel(id: string) {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: UpdateModel) => http.put(at(MODEL, id), body, { schema: modelSchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (id: string) => http.delete(at(MODEL, id)),
    onSuccess: invalidate,
  });
}

export function useSaveConfiguration(modelId: string) {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: ModelConfigurationInput) =>
      http.put(at(CONFIGURATIONS, modelId), body, { schema: modelConfigurationSchema }),
    onSuccess: invalidate,
  });
}

export function useCreateLabel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: CreateLabel) => http.post(LABELS, body, { schema: labelSchema }),
    onSuccess: invalidate,
  });
}

export function useUpdateLabel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLabel }) =>
      http.put(at(LABELS, id), body, { schema: labelSchema }),
    onSuccess: invalidate,
  });
}

export function useDeleteLabel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (id: string) => http.delete(at(LABELS, id)),
    onSuccess: invalidate,
  });
}

const labelRulesSchema = z.object({ data: z.array(labelRuleSchema) });

/** GET how each label of a rule-based model is found. */
export function useLabelRules(modelId: string, enabled = true) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'rules', modelId],
    queryFn: ({ signal }) =>
      http.get(RULES, { query: { model_id: modelId }, schema: labelRulesSchema, signal }),
    enabled,
  });
}

export function useSaveLabelRule() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ labelId, body }: { labelId: string; body: LabelRuleInput }) =>
      http.put(at(RULES, labelId), body, { schema: labelRuleSchema }),
    onSuccess: invalidate,
  });
}

export type { Filter };

/** GET a model's training documents (one page is enough for the model's pages: up to 100). */
export function useTrainingDocuments(modelId: string) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'training', modelId],
    queryFn: ({ signal }) =>
      http.get(TRAINING, {
        query: { model_id: modelId, page_size: 100 },
        schema: trainingDocumentsPageSchema,
        signal,
      }),
  });
}

export function useAddTrainingDocument() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: { model_id: string; document_id: string }) =>
      http.post(TRAINING, body, { schema: trainingDocumentSchema }),
    onSuccess: invalidate,
  });
}

export function useAnnotate() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ id, annotations }: { id: string; annotations: Annotation[] }) =>
      http.put(at(TRAINING, id), { annotations }, { schema: trainingDocumentSchema }),
    onSuccess: invalidate,
  });
}

export function useRemoveTrainingDocument() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (id: string) => http.delete(at(TRAINING, id)),
    onSuccess: invalidate,
  });
}

/** GET the words the engine reads on a document (its text layer, or OCR): drawn over the page. */
export function useDocumentTokens(documentId: string | null) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'tokens', documentId],
    queryFn: ({ signal }) => http.get(TOKENS(documentId ?? ''), { schema: documentTokensSchema, signal }),
    enabled: documentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST a live preview: the model as saved, run on one document; nothing is stored. */
export function usePreview(modelId: string) {
  return useMutation({
    mutationFn: (documentId: string) =>
      http.post(
        `${at(MODEL, modelId)}/preview`,
        { document_id: documentId },
        { schema: extractionResultSchema },
      ),
  });
}

export function useInsights(modelId: string, enabled = true) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'insights', modelId],
    queryFn: ({ signal }) =>
      http.get(`${at(MODEL, modelId)}/insights`, { schema: modelInsightsSchema, signal }),
    enabled,
  });
}

export function useExecute() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: ExecuteModel) => http.post(EXECUTE, body, { schema: executionStartedSchema }),
    onSuccess: invalidate,
  });
}

const isRunning = (status: string) => status === 'queued' || status === 'running';

/** GET one page of a model's executions; polls while one of them is still running. */
export function useExecutions(modelId: string, pageNo: number) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'executions', modelId, pageNo],
    queryFn: ({ signal }) =>
      http.get(EXECUTIONS, {
        query: { model_id: modelId, page_no: pageNo, page_size: EXECUTIONS_PAGE_SIZE },
        schema: modelExecutionsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((e) => isRunning(e.status)) ? 2000 : false),
  });
}

/** GET one execution; polls until it has finished. */
export function useExecution(id: string | null) {
  const key = useModelsKey();
  return useQuery({
    queryKey: [...key, 'execution', id],
    queryFn: ({ signal }) => http.get(at(EXECUTIONS, id ?? ''), { schema: modelExecutionSchema, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.status) ? 1500 : false),
  });
}

export function useCorrectExecution(id: string) {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: (body: CorrectExecution) =>
      http.put(`${at(EXECUTIONS, id)}/corrections`, body, { schema: modelExecutionSchema }),
    onSuccess: invalidate,
  });
}
