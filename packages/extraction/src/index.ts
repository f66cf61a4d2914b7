/**
 * @counterpart/extraction — documents in, fields out.
 *
 * tokens/   every input as one token model (contracts' DocumentTokens): text PDFs' text layer, OCR of scans
 *           and photos; words and lines by geometry, reading order.
 * rules/    rule-based models: template selection, rules (regex, anchor, zone, static, table), filters, picks.
 * learned/  AI models learned from annotated training documents.
 * ocr/      offline OCR (tesseract.js with npm-shipped language data), a worker pool.
 */
export {};
