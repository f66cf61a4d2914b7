import { readFile } from 'node:fs/promises';
import type { DocumentTokens } from '@counterpart/contracts';
import { type OcrPool, readDocumentTokens } from '@counterpart/extraction';
import { DocumentContentError } from '@counterpart/files';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { documentTokens } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { sharedOcrPool } from '../../extraction/ocr.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { type DocumentRow, documentBlobFile, loadDocument } from '../documents/documents.service.ts';
import type { ModelsScope } from './models-scope.ts';

/** Kinds of drop-box documents the engine reads as pages: text PDFs, scans and photos. */
export const READABLE_KINDS = ['pdf', 'image'];

/** A drop-box document of the organization the engine can read (a PDF or an image); 404 / 400 otherwise. */
export async function loadReadableDocument(db: Db, organizationId: string, documentId: string) {
  const document = await loadDocument(db, organizationId, documentId);
  if (!READABLE_KINDS.includes(document.kind)) {
    throw badRequest(`${document.fileName} is not a PDF or an image: a model reads PDFs, scans and photos`, {
      document_id: 'Not a PDF or an image',
    });
  }
  return document;
}

export interface ReadTokensOptions {
  ocr?: OcrPool;
  onProgress?(done: number, total: number): void;
}

/** A document the engine cannot read (damaged, not what it claims to be, a bomb): a 422 saying why. */
export class UnreadableDocument extends AppError {
  constructor(document: DocumentRow, reason: string) {
    super(422, `${document.fileName} cannot be read: ${reason}`);
  }
}

/**
 * A document's tokens as the engine reads them: from the cache table when read before, otherwise
 * read from its bytes (the PDF's text layer, OCR for scans and photos with the server's one OCR
 * pool) and kept there.
 */
export async function tokensOf(
  db: Db,
  store: FileStore,
  document: DocumentRow,
  options: ReadTokensOptions = {},
): Promise<DocumentTokens> {
  const [cached] = await db
    .select({ tokens: documentTokens.tokens })
    .from(documentTokens)
    .where(eq(documentTokens.documentId, document.id));
  if (cached) return cached.tokens as DocumentTokens;
  let tokens: DocumentTokens;
  try {
    const bytes = await readFile(documentBlobFile(store, document));
    const ocr = options.ocr ?? (await sharedOcrPool());
    tokens = await readDocumentTokens(new Uint8Array(bytes), { ...options, ocr });
  } catch (error) {
    if (error instanceof DocumentContentError) throw new UnreadableDocument(document, error.message);
    throw error;
  }
  await db
    .insert(documentTokens)
    .values({ documentId: document.id, organizationId: document.organizationId, tokens })
    .onConflictDoNothing();
  return tokens;
}

/** GET …/document/:document_id/tokens: the text the engine reads of a drop-box PDF or image. */
export async function getDocumentTokens(
  scope: ModelsScope,
  store: FileStore,
  documentId: string,
): Promise<DocumentTokens> {
  const document = await loadReadableDocument(scope.db, scope.organizationId, documentId);
  return tokensOf(scope.db, store, document);
}
