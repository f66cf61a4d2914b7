/**
 * What an AI model learns from its annotated training documents: plain JSON, stored by the server
 * as the model's `learned` and read back by extractLearned. Every position is in page units (0..1
 * of the page's width and height, origin top left), like the tokens it was learned from.
 */

/** A word seen near a field's value in the training documents: left of it on its line, or above it. */
export interface LearnedAnchor {
  /** The word, lower-cased without surrounding punctuation ("invoice", "no", "#"). */
  text: string;
  direction: 'left' | 'above';
  /** In how many of the field's examples it was there. */
  support: number;
  /** 0..1: how much it tells (support share, nearer words count more). */
  weight: number;
  /**
   * The value's offset from the anchor (value minus anchor: left edges, vertical centres) and its
   * spread; dx1 from the anchor's left edge to the value's right edge (right-aligned values).
   */
  dx: number;
  dy: number;
  sdx: number;
  sdy: number;
  dx1: number;
  sdx1: number;
}

/** The value's shape: a date, an amount, a number, an identifier pattern (e.g. INV-\d+), or text. */
export interface LearnedShape {
  kind: 'date' | 'amount' | 'number' | 'id' | 'text';
  /** For `id`: the pattern every example matched (a regular expression's source). */
  pattern: string | null;
  /** Words in a value: fewest and most seen. */
  min_tokens: number;
  max_tokens: number;
}

/** Where on the page the value sat: its centre's mean and spread, and which page. */
export interface LearnedPosition {
  /** Which edge of the value stays put (left-aligned, right-aligned, centred): x is that edge's mean. */
  align: 'left' | 'right' | 'center';
  x: number;
  y: number;
  sx: number;
  sy: number;
  /** Share of examples on the document's first page, and on its last page. */
  first_page: number;
  last_page: number;
}

/** Scoring: a logistic function of the candidate's features (see features.ts for their order). */
export interface LearnedWeights {
  bias: number;
  weights: number[];
  /** 'fixed': the sensible defaults (fewer than 5 examples); 'fitted': logistic regression on the examples. */
  origin: 'fixed' | 'fitted';
}

export interface LearnedField {
  key: string;
  type: 'text' | 'number' | 'amount' | 'date';
  examples: number;
  anchors: LearnedAnchor[];
  shape: LearnedShape;
  position: LearnedPosition;
  /** Share of examples whose value was a whole segment of its line (from a gap or anchor to a gap). */
  whole_segment: number;
  scoring: LearnedWeights;
}

/** A line-items label: the header row's column words and x-ranges, and what ends the table. */
export interface LearnedTableColumn {
  key: string;
  type: 'text' | 'number' | 'amount' | 'date';
  /** Header words above the column (lower-cased), and the column's x-range relative to its header's left edge. */
  header: string[];
  x0: number;
  x1: number;
  /** Absolute x-range as seen in training (mean). */
  abs_x0: number;
  abs_x1: number;
  /** Share of rows with a value in this column (1: every row has one, it starts rows). */
  filled: number;
}

export interface LearnedTable {
  key: string;
  examples: number;
  columns: LearnedTableColumn[];
  /** Words of the first line after the last row (e.g. "subtotal", "total"). */
  end_words: string[];
}

/** A word of a layout's fingerprint: how often its documents hold it, and where (first occurrence). */
export interface FingerprintWord {
  text: string;
  frequency: number;
  x: number;
  y: number;
}

export interface LearnedLayout {
  id: number;
  documents: number;
  fingerprint: FingerprintWord[];
  fields: LearnedField[];
  tables: LearnedTable[];
}

/** Measured while learning: leave-one-out accuracy per field and after each added document. */
export interface LearnedEvaluation {
  fields: { key: string; accuracy: number | null; examples: number }[];
  history: { training_documents: number; accuracy: number | null }[];
}

export interface LearnedModel {
  format: 'counterpart-learned-1';
  training_documents: number;
  layouts: LearnedLayout[];
  /** Every document pooled, for documents like none of the layouts (an unknown vendor). */
  generic: LearnedLayout;
  evaluation: LearnedEvaluation;
}
