import { type DocumentKind, type DocumentStatus, STATEMENT_FORMAT_LABELS } from '@counterpart/contracts';

/**
 * How a document status reads, and the badge word that gives its tone through the shared
 * StatusBadge (spec §3 tones): processed = success, failed = danger, the rest = warning.
 */
export const STATUS_DISPLAY: Record<DocumentStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'partial' },
  processing: { label: 'Processing', tone: 'partial' },
  processed: { label: 'Processed', tone: 'reconciled' },
  ocr_needed: { label: 'OCR needed', tone: 'partial' },
  failed: { label: 'Failed', tone: 'inactive' },
};

export const KIND_LABELS: Record<DocumentKind, string> = {
  pdf: 'PDF',
  image: 'Image',
  csv: 'CSV',
  xlsx: 'XLSX',
  camt053: `Bank statement (${STATEMENT_FORMAT_LABELS.camt053})`,
  camt054: `Bank statement (${STATEMENT_FORMAT_LABELS.camt054})`,
  mt940: `Bank statement (${STATEMENT_FORMAT_LABELS.mt940})`,
  ofx: `Bank statement (${STATEMENT_FORMAT_LABELS.ofx})`,
};

const SIZE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} KB`;
  return `${SIZE.format(bytes / 1024 / 1024)} MB`;
}

/** What the drop zone accepts (the server checks the content; this only filters the file picker). */
export const ACCEPTED_FILES =
  '.pdf,.png,.jpg,.jpeg,.tif,.tiff,.csv,.txt,.xlsx,.xml,.sta,.940,.mt940,.ofx,.qfx,' +
  'application/pdf,image/png,image/jpeg,image/tiff,text/csv,text/plain,application/xml,text/xml,' +
  'application/x-ofx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
