import type { OcrPool } from '@counterpart/extraction';

/**
 * The server's one OCR pool (tesseract workers are heavy: ~100 MB and a second to start each), made on
 * the first scanned page or image and shared by document processing and the models' executions. The
 * app closes it on shutdown. OCR_WORKERS sets its size (default: the engine's, one per core up to 4).
 * The engine is imported on first use, so the server starts without tesseract or pdfjs loaded.
 */
let pool: Promise<OcrPool> | null = null;

export function sharedOcrPool(): Promise<OcrPool> {
  pool ??= import('@counterpart/extraction').then(({ createOcrPool }) => {
    const workers = Number(process.env.OCR_WORKERS);
    return createOcrPool(Number.isInteger(workers) && workers > 0 ? { workers } : {});
  });
  return pool;
}

export async function closeSharedOcrPool(): Promise<void> {
  const open = pool;
  pool = null;
  await (await open)?.close();
}
