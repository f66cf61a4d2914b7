/**
 * @counterpart/extraction — documents in, fields out.
 *
 * read/       every input as one token model (contracts' DocumentTokens): a PDF's text layer, offline OCR of
 *             scans and photos (ocr pool); readDocumentTokens(bytes) is the entry.
 * geometry/   words into lines, reading order, neighbours (right of, below, above).
 * normalize/  dates, locale-aware amounts and numbers into normalized values.
 * rules/      rule-based models: template selection, rules (regex, anchor, zone, static, table), filters, picks.
 * learned/    AI models learned from annotated training documents.
 * extract.ts  extract(model, tokens): runs either kind.
 */
export type { Extract, ModelDefinition } from './model.ts';
