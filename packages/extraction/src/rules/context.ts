import type { Box, DocumentTokens, Token } from '@counterpart/contracts';
import { type Line, lines } from '../geometry/lines.ts';
import { leastConfidence, placeOf, type TextMap, textMap } from '../geometry/text-map.ts';

/** A document prepared once for every rule: its lines and text with the map back to words. */
export interface RuleContext {
  doc: DocumentTokens;
  lines: Line[];
  map: TextMap;
  /** Page size in points (1 × 1 when unknown). */
  pageSize(page: number): { width: number; height: number };
  pageNumbers: number[];
}

export function ruleContext(doc: DocumentTokens): RuleContext {
  const found = lines(doc);
  const sizes = new Map(doc.pages.map((p) => [p.page, { width: p.width || 1, height: p.height || 1 }]));
  const pageNumbers = [...new Set([...doc.pages.map((p) => p.page), ...doc.tokens.map((t) => t.page)])].sort(
    (a, b) => a - b,
  );
  return {
    doc,
    lines: found,
    map: textMap(found),
    pageSize: (page) => sizes.get(page) ?? { width: 1, height: 1 },
    pageNumbers,
  };
}

/** A value a rule found, before filters: its text, where it is and how sure the reading is. */
export interface Candidate {
  text: string;
  page: number | null;
  box: Box | null;
  confidence: number;
  /** Position in reading order (for first / last); static values come first. */
  order: number;
}

export function candidateOf(text: string, tokens: readonly Token[], order: number): Candidate {
  const place = placeOf(tokens);
  return { text, page: place.page, box: place.box, confidence: leastConfidence(tokens), order };
}
