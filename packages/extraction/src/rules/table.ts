import type {
  Box,
  CellResult,
  Label,
  LabelColumnType,
  ModelConfiguration,
  Rule,
  TableResult,
  Token,
} from '@counterpart/contracts';
import { centerX, unionBox } from '../geometry/box.ts';
import type { Line } from '../geometry/lines.ts';
import { leastConfidence } from '../geometry/text-map.ts';
import { normalizeValue } from '../normalize/value.ts';
import type { RuleContext } from './context.ts';
import { compilePattern, literalPattern } from './patterns.ts';
import { editDistance } from './selection.ts';

/**
 * Line items by header columns. The header row is the first line (from the start pattern's line
 * on) holding at least half of the column headings (as written, or misread by OCR: fuzzyHeading); each heading's x-range gives its column (a text
 * column starts at its heading, other boundaries lie halfway between headings; see columnsOf), and
 * words running over from a text column into a typed one go back to it (see assign). Below it, a line is a new row when it fills at least two columns
 * (one for a one-column table) and, when the table has typed columns, one of them reads cleanly as
 * its type; a line under a row, close to it, that is not a row (a wrapped description) is joined to
 * that row. The table ends at the end pattern (default: a line starting with Subtotal / Total /
 * Amount due / Balance due); a page's part ends at the page's end or a gap of three line heights
 * after its last row, and it continues on the next page — under a repeated header, or from the
 * first line that is a row.
 */
type TableRule = Extract<Rule, { method: 'table' }>;
type Settings = Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>;

export const DEFAULT_TABLE_END =
  '^\\s*(?:sub\\s*-?\\s*total|total|grand\\s+total|amount\\s+due|balance\\s+due)\\b';

interface Column {
  key: string;
  type: LabelColumnType;
  x0: number;
  x1: number;
}

interface RowDraft {
  page: number;
  lines: Line[];
  cells: Map<string, Token[]>;
}

interface HeaderMatch {
  found: { key: string; box: Box }[];
}

function findHeadings(line: Line, rule: TableRule, where: string): HeaderMatch {
  const found: { key: string; box: Box }[] = [];
  const taken: [number, number][] = [];
  for (const column of rule.columns) {
    const pattern = compilePattern(
      `(?<![\\p{L}\\p{N}])${literalPattern(column.header)}(?![\\p{L}\\p{N}])`,
      'giu',
      `${where} (header "${column.header}")`,
    );
    for (const match of line.text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      const tokens = line.tokens.filter((_, i) => {
        const tokenStart = line.starts[i]!;
        return tokenStart < end && tokenStart + line.tokens[i]!.text.length > start;
      });
      taken.push([start, end]);
      found.push({ key: column.key, box: unionBox(tokens.map((t) => t.box))! });
      break;
    }
    if (found.at(-1)?.key !== column.key) {
      const fuzzy = fuzzyHeading(line, column.header, taken);
      if (fuzzy) found.push({ key: column.key, box: fuzzy });
    }
  }
  return { found };
}

function bare(text: string): string {
  return text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * A heading misread by OCR ("Descriptlon", "0ty", "Arnount"): as many OCR'd words, about one edit
 * in four characters. Text-layer words are never guessed at.
 */
function fuzzyHeading(line: Line, header: string, taken: [number, number][]): Box | null {
  const target = bare(header.replace(/\s+/g, ' '));
  if (target.length < 3) return null;
  const size = header.trim().split(/\s+/).length;
  const allowed = Math.max(1, Math.round(target.length / 4));
  for (let i = 0; i + size <= line.tokens.length; i += 1) {
    const start = line.starts[i]!;
    const end = line.starts[i + size - 1]! + line.tokens[i + size - 1]!.text.length;
    if (taken.some(([s, e]) => start < e && end > s)) continue;
    const words = line.tokens.slice(i, i + size);
    if (!words.some((t) => t.source === 'ocr')) continue;
    const text = bare(words.map((t) => t.text).join(' '));
    if (Math.abs(text.length - target.length) > allowed || editDistance(text, target, allowed) > allowed)
      continue;
    taken.push([start, end]);
    return unionBox(words.map((t) => t.box));
  }
  return null;
}

function isHeader(match: HeaderMatch, rule: TableRule): boolean {
  const needed = rule.columns.length === 1 ? 1 : Math.ceil(rule.columns.length / 2);
  return match.found.length >= Math.max(needed, 1);
}

/** How far left of its heading a left-aligned text column's words may start (page units). */
const TEXT_COLUMN_SLACK = 0.01;

function columnsOf(match: HeaderMatch, label: Label): Column[] {
  const sorted = [...match.found].sort((a, b) => a.box.x0 - b.box.x0);
  const typeOf = (key: string) => label.columns.find((c) => c.key === key)?.type ?? 'text';
  // Text is left-aligned under its heading: its column starts at the heading (words further left
  // belong to the column before, or to one the rule does not name, such as a row number). Between
  // other columns, halfway.
  const leftEdge = (i: number): number => {
    const heading = sorted[i]!;
    const previous = sorted[i - 1];
    if (typeOf(heading.key) === 'text') return Math.max(0, heading.box.x0 - TEXT_COLUMN_SLACK);
    return previous ? (previous.box.x1 + heading.box.x0) / 2 : 0;
  };
  return sorted.map((heading, i) => ({
    key: heading.key,
    type: typeOf(heading.key),
    x0: leftEdge(i),
    x1: i + 1 < sorted.length ? leftEdge(i + 1) : 1,
  }));
}

/**
 * How sure a reading must be for a word to count as its column's type: readings that undid OCR
 * confusions ("1,47l.60", 0.85) or a comma misread for the point (0.7) count; a number found inside
 * other words does not.
 */
const READS_AS_TYPE = 0.7;

function reads(column: Column, tokens: readonly Token[], settings: Settings): boolean {
  const read = normalizeValue(column.type, tokens.map((t) => t.text).join(' '), settings);
  return read.normalized !== null && read.certainty >= READS_AS_TYPE && !read.partial;
}

/**
 * A line's words into columns by their centres. A typed column (number, amount, date) keeps the
 * longest run of its last words that reads as its type; words before it are text running over from
 * the text column on its left (a long description reaching under "Qty") and go back there.
 */
function assign(line: Line, columns: readonly Column[], settings: Settings): Map<string, Token[]> {
  const cells = new Map<string, Token[]>();
  for (const token of line.tokens) {
    const x = centerX(token.box);
    const column = columns.find((c) => x >= c.x0 && x < c.x1) ?? null;
    if (!column) continue;
    const list = cells.get(column.key) ?? [];
    list.push(token);
    cells.set(column.key, list);
  }
  columns.forEach((column, i) => {
    const tokens = cells.get(column.key);
    if (column.type === 'text' || !tokens || tokens.length < 2) return;
    const textColumn = columns.slice(0, i).findLast((c) => c.type === 'text');
    if (!textColumn || reads(column, tokens, settings)) return;
    for (let start = 1; start < tokens.length; start += 1) {
      if (reads(column, tokens.slice(start), settings)) {
        cells.set(textColumn.key, [...(cells.get(textColumn.key) ?? []), ...tokens.slice(0, start)]);
        cells.set(column.key, tokens.slice(start));
        return;
      }
    }
  });
  return cells;
}

function isRow(cells: Map<string, Token[]>, columns: readonly Column[], settings: Settings): boolean {
  const needed = Math.min(2, columns.length);
  if (cells.size < needed) return false;
  const typed = columns.filter((c) => c.type !== 'text');
  if (typed.length === 0) return true;
  return typed.some((column) => {
    const tokens = cells.get(column.key);
    return tokens !== undefined && reads(column, tokens, settings);
  });
}

function lineHeight(line: Line): number {
  return line.box.y1 - line.box.y0;
}

export function extractTable(
  rule: TableRule,
  label: Label,
  ctx: RuleContext,
  settings: Settings,
  where: string,
): Pick<TableResult, 'rows' | 'confidence'> {
  const end = compilePattern(rule.end_pattern || DEFAULT_TABLE_END, 'i', `${where} (end pattern)`);
  let startLine = 0;
  if (rule.start_pattern) {
    const start = compilePattern(rule.start_pattern, 'i', `${where} (start pattern)`);
    startLine = ctx.lines.findIndex((line) => start.test(line.text));
    if (startLine < 0) return { rows: [], confidence: 0 };
  }
  let columns: Column[] | null = null;
  const rows: RowDraft[] = [];
  let current: RowDraft | null = null;
  let pageOpen = false;
  let page = -1;
  for (let i = startLine; i < ctx.lines.length; i += 1) {
    const line = ctx.lines[i]!;
    if (line.page !== page) {
      page = line.page;
      current = null;
      pageOpen = columns !== null;
    }
    const heading = findHeadings(line, rule, where);
    if (isHeader(heading, rule)) {
      columns = columnsOf(heading, label);
      current = null;
      pageOpen = true;
      continue;
    }
    if (!columns || !pageOpen) continue;
    if (end.test(line.text)) break;
    const cells = assign(line, columns, settings);
    const previous = current?.lines.at(-1);
    if (previous && line.box.y0 - previous.box.y1 > 3 * lineHeight(previous)) {
      pageOpen = false;
      current = null;
      continue;
    }
    if (isRow(cells, columns, settings)) {
      current = { page: line.page, lines: [line], cells };
      rows.push(current);
      continue;
    }
    if (current && previous && line.box.y0 - previous.box.y1 <= lineHeight(previous)) {
      for (const [key, tokens] of cells)
        current.cells.set(key, [...(current.cells.get(key) ?? []), ...tokens]);
      current.lines.push(line);
    }
  }
  return finish(rows, label, settings, columns ?? []);
}

function finish(
  drafts: readonly RowDraft[],
  label: Label,
  settings: Settings,
  columns: readonly Column[],
): Pick<TableResult, 'rows' | 'confidence'> {
  let confidence = drafts.length > 0 ? 1 : 0;
  const keys = label.columns.length > 0 ? label.columns.map((c) => c.key) : columns.map((c) => c.key);
  const rows = drafts.map((draft) => {
    const cells: Record<string, CellResult> = {};
    for (const key of keys) {
      const tokens = draft.cells.get(key) ?? [];
      const type = label.columns.find((c) => c.key === key)?.type ?? 'text';
      if (tokens.length === 0) {
        cells[key] = { value: null, normalized: null, confidence: 0, page: null, box: null };
        continue;
      }
      const value = tokens.map((t) => t.text).join(' ');
      const read = normalizeValue(type, value, settings);
      const cellConfidence = leastConfidence(tokens) * (read.normalized ? read.certainty : 0.5);
      confidence = Math.min(confidence, cellConfidence);
      const page = tokens[0]!.page;
      cells[key] = {
        value,
        normalized: read.normalized,
        confidence: cellConfidence,
        page,
        box: unionBox(tokens.filter((t) => t.page === page).map((t) => t.box)),
      };
    }
    return { page: draft.page, cells };
  });
  return { rows, confidence };
}
