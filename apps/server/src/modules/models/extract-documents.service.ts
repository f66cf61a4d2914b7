import type { ExtractionResult, Label } from '@counterpart/contracts';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { loadReadableDocument, tokensOf } from './document-tokens.service.ts';
import { labelView, modelLabelRows } from './labels.service.ts';
import { modelDefinition, notRunnable, runModel } from './model-definition.ts';
import { loadModel } from './model-rows.ts';

export interface DocumentExtraction {
  documentId: string;
  fileName: string;
  result: ExtractionResult;
}

/**
 * Runs one of the organization's models on some of its drop-box documents, in order (the workflows'
 * Extract with model block). A model that cannot run yet, or a document that is not the
 * organization's PDF or image, throws with a message saying which.
 */
export async function extractDocuments(
  db: Db,
  store: FileStore,
  organizationId: string,
  modelId: string,
  documentIds: string[],
  signal: AbortSignal,
): Promise<{ name: string; labels: Label[]; documents: DocumentExtraction[] }> {
  const model = await loadModel(db, organizationId, modelId);
  const reason = notRunnable(model);
  if (reason) throw new Error(`${model.name} cannot run: ${reason}`);
  const definition = await modelDefinition(db, model);
  const labels = (await modelLabelRows(db, model.id)).map(labelView);
  const documents: DocumentExtraction[] = [];
  for (const id of documentIds) {
    signal.throwIfAborted();
    const document = await loadReadableDocument(db, organizationId, id);
    const tokens = await tokensOf(db, store, document);
    documents.push({ documentId: id, fileName: document.fileName, result: runModel(definition, tokens) });
  }
  return { name: model.name, labels, documents };
}
