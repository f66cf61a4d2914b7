import type { Annotation, CellResult, Label, ModelConfiguration, TableResult } from '@counterpart/contracts';
import { anchorTokens } from './anchors.ts';
import { hasAlnum } from './candidates.ts';
import { type DocumentView, spanText, unionBox, type ViewLine, type ViewToken } from './document-view.ts';
import { locateAnnotation } from './locate.ts';
import { normalizeLearned } from './normalize-value.ts';
import type { LearnedTable, LearnedTableColumn } from './types.ts';

/**
 * Line items, learned from annotated cells (annotations with row and column): the header row's
 * words over each column and the column's x-range relative to its header word; the words that
 * follow the last row. Read back by finding the header row, then taking the lines below it as rows
 * (a line with a value in an always-filled column starts a row; other lines continue its text),
 * until those end words — continuing on the next pages.
 */
type Conf = Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>;

export interface TableExample {
  view: DocumentView;
  cells: Annotation[];
}

function headerLine(view: DocumentView, firstRow: ViewLine): ViewLine | null {
  for (let i = firstRow.index - 1; i >= 0; i--) {
    const l = view.lines[i]!;
    if (l.page !== firstRow.page || firstRow.y0 - l.y1 > 0.15) return null;
    if (l.tokens.filter((t) => t.word).length >= 1) return l;
  }
  return null;
}

export function learnTable(label: Label, examples: TableExample[]): LearnedTable | null {
  type ColumnStats = {
    header: Map<string, number>;
    rel: [number, number][];
    abs: [number, number][];
    filled: number;
    rows: number;
  };
  const perColumn = new Map<string, ColumnStats>();
  const endWords = new Map<string, number>();
  let used = 0;
  for (const { view, cells } of examples) {
    const located = cells
      .filter((c) => c.column !== undefined && c.row !== undefined)
      .map((c) => ({ c, tokens: locateAnnotation(view, c) }))
      .filter((x): x is { c: Annotation; tokens: ViewToken[] } => x.tokens !== null && x.tokens.length > 0);
    if (located.length === 0) continue;
    const firstPage = Math.min(...located.map((x) => x.tokens[0]!.token.page));
    const firstLineIdx = Math.min(
      ...located
        .filter((x) => x.c.row === 0 || x.tokens[0]!.token.page === firstPage)
        .map((x) => x.tokens[0]!.line),
    );
    const header = headerLine(view, view.lines[firstLineIdx]!);
    if (!header) continue;
    used += 1;
    const rows = new Set(located.map((x) => x.c.row));
    for (const col of label.columns) {
      const mine = located.filter((x) => x.c.column === col.key);
      const x0 = mine.length ? Math.min(...mine.map((x) => x.tokens[0]!.token.box.x0)) : null;
      const x1 = mine.length
        ? Math.max(...mine.map((x) => x.tokens[x.tokens.length - 1]!.token.box.x1))
        : null;
      const entry: ColumnStats = perColumn.get(col.key) ?? {
        header: new Map(),
        rel: [],
        abs: [],
        filled: 0,
        rows: 0,
      };
      entry.rows += rows.size;
      entry.filled += new Set(mine.map((x) => x.c.row)).size;
      if (x0 !== null && x1 !== null) {
        const over = header.tokens.filter(
          (t) => t.word && t.token.box.x1 >= x0 - 0.01 && t.token.box.x0 <= x1 + 0.01,
        );
        const nearest = over.length
          ? over
          : [...header.tokens.filter((t) => t.word)]
              .sort((a, b) => Math.abs(a.cx - (x0 + x1) / 2) - Math.abs(b.cx - (x0 + x1) / 2))
              .slice(0, 1);
        for (const t of nearest) entry.header.set(t.word, (entry.header.get(t.word) ?? 0) + 1);
        const hx = nearest[0]?.token.box.x0 ?? x0;
        entry.rel.push([x0 - hx, x1 - hx]);
        entry.abs.push([x0, x1]);
      }
      perColumn.set(col.key, entry);
    }
    const lastLine = Math.max(...located.map((x) => x.tokens[0]!.line));
    const after = view.lines[lastLine + 1];
    if (after)
      for (const t of after.tokens) if (t.word) endWords.set(t.word, (endWords.get(t.word) ?? 0) + 1);
  }
  if (used === 0) return null;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(xs.length, 1);
  const columns: LearnedTableColumn[] = label.columns.map((col) => {
    const e = perColumn.get(col.key);
    const header = e ? [...e.header.entries()].filter(([, n]) => n >= used / 2).map(([w]) => w) : [];
    return {
      key: col.key,
      type: col.type,
      header,
      x0: mean(e?.rel.map((r) => r[0]) ?? []),
      x1: mean(e?.rel.map((r) => r[1]) ?? []),
      abs_x0: mean(e?.abs.map((r) => r[0]) ?? []),
      abs_x1: mean(e?.abs.map((r) => r[1]) ?? []),
      filled: e?.rows ? e.filled / e.rows : 0,
    };
  });
  const end_words = [...endWords.entries()].filter(([, n]) => n >= used / 2).map(([w]) => w);
  return { key: label.key, examples: used, columns, end_words };
}

/** The line most of the columns' header words are on, from `from` on; with the x-shift of each column. */
interface HeaderAt {
  line: ViewLine;
  ranges: [number, number][];
  /** Header words of columns the model does not read (Unit Price): their values are left out. */
  others: [number, number][];
}

function findHeader(view: DocumentView, table: LearnedTable, page: number): HeaderAt | null {
  let best: (HeaderAt & { found: number }) | null = null;
  const withHeader = table.columns.filter((c) => c.header.length > 0);
  if (withHeader.length === 0) return null;
  for (const line of view.lines) {
    if (line.page !== page) continue;
    let found = 0;
    const ranges = table.columns.map((c): [number, number] => {
      const hit =
        line.tokens.find((t) => c.header.includes(t.word)) ??
        c.header.flatMap((h) => anchorTokens(view, h)).find((x) => x.token.line === line.index)?.token;
      if (hit) {
        found += 1;
        return [hit.token.box.x0 + c.x0, hit.token.box.x0 + c.x1];
      }
      return [c.abs_x0, c.abs_x1];
    });
    if (found >= Math.max(1, Math.ceil(withHeader.length * 0.6)) && (!best || found > best.found)) {
      widenTextColumns(table, ranges);
      const known = new Set(table.columns.flatMap((c) => c.header));
      const others = line.tokens
        .filter((t) => t.word && !known.has(t.word))
        .map((t): [number, number] => [t.token.box.x0, t.token.box.x1]);
      best = { line, ranges, others, found };
    }
  }
  return best;
}

/** A text column (descriptions) reaches right up to the next column: long descriptions run into the gap. */
function widenTextColumns(table: LearnedTable, ranges: [number, number][]): void {
  const order = ranges.map((_r, i) => i).sort((a, b) => ranges[a]![0] - ranges[b]![0]);
  order.forEach((ci, k) => {
    const next = order[k + 1];
    if (table.columns[ci]!.type !== 'text' || next === undefined) return;
    const r = ranges[ci]!;
    r[1] = Math.max(r[1], ranges[next]![0] - 0.015);
  });
}

const distance = (t: ViewToken, [x0, x1]: [number, number]) =>
  t.token.box.x1 >= x0 && t.token.box.x0 <= x1 ? 0 : Math.min(Math.abs(t.cx - x0), Math.abs(t.cx - x1));

/** The column a word falls in (nearest range), or -1 when it is nearer a column the model does not read. */
function columnOf(t: ViewToken, header: Pick<HeaderAt, 'ranges' | 'others'>): number {
  let bestI = 0;
  let bestD = Infinity;
  header.ranges.forEach((r, i) => {
    const d = distance(t, r);
    if (d < bestD) {
      bestD = d;
      bestI = i;
    }
  });
  if (header.others.some((r) => distance(t, r) < bestD)) return -1;
  return bestI;
}

export function extractTable(view: DocumentView, table: LearnedTable, conf: Conf): TableResult {
  // A line starts a row when more than half the always-filled typed columns (quantity, amount) read as their type;
  // a line with none of them continues the row above (a wrapped description).
  let starters = table.columns
    .map((_c, i) => i)
    .filter((i) => table.columns[i]!.type !== 'text' && table.columns[i]!.filled >= 0.9);
  if (starters.length === 0) {
    const most = Math.max(...table.columns.map((c) => c.filled));
    starters = [table.columns.findIndex((c) => c.filled === most)];
  }
  const rows: { page: number; cells: ViewToken[][] }[] = [];
  let ranges: Pick<HeaderAt, 'ranges' | 'others'> | null = null;
  let ended = false;
  for (let page = 1; page <= view.pageCount && !ended; page++) {
    const header = findHeader(view, table, page);
    if (header) ranges = header;
    if (!ranges) continue;
    const startLine = header ? header.line.index + 1 : view.lines.findIndex((l) => l.page === page);
    if (startLine < 0) continue;
    let lastY = header ? header.line.y1 : 0;
    for (let i = startLine; i < view.lines.length; i++) {
      const line = view.lines[i]!;
      if (line.page !== page) break;
      if (table.end_words.length && line.tokens.slice(0, 3).some((t) => table.end_words.includes(t.word))) {
        ended = true;
        break;
      }
      const cells: ViewToken[][] = table.columns.map(() => []);
      for (const t of line.tokens) {
        const ci = columnOf(t, ranges);
        if (ci >= 0) cells[ci]!.push(t);
      }
      const readable = starters.filter(
        (i) =>
          cells[i]!.length > 0 &&
          (table.columns[i]!.type === 'text' || readsAs(cells[i]!, table.columns[i]!, conf)),
      ).length;
      const startsRow = readable > starters.length / 2;
      const gap = line.y0 - lastY;
      if (startsRow) {
        rows.push({ page, cells });
      } else if (rows.length && rows[rows.length - 1]!.page === page && gap < 0.03) {
        const prev = rows[rows.length - 1]!;
        cells.forEach((c, ci) => {
          prev.cells[ci]!.push(...c);
        });
      } else if (!header && !rows.some((r) => r.page === page) && line.y1 < 0.3) {
        // A continuation page without its header: skip the page's own heading lines.
        continue;
      } else if (rows.length) {
        // Neither a row nor its continuation: the table is over on this page.
        break;
      }
      lastY = line.y1;
    }
  }
  // OCR specks at a cell's edges ("- 1,419.98", "© 156,442.00") are not part of its value.
  for (const r of rows) {
    r.cells = r.cells.map((ts) => {
      let i = 0;
      let j = ts.length;
      while (i < j && !hasAlnum(ts[i]!)) i++;
      while (j > i && !hasAlnum(ts[j - 1]!)) j--;
      return ts.slice(i, j);
    });
  }
  const result: TableResult['rows'] = rows.map((r) => ({
    page: r.page,
    cells: Object.fromEntries(
      table.columns.map((c, ci): [string, CellResult] => {
        const ts = r.cells[ci]!;
        if (ts.length === 0)
          return [c.key, { value: null, normalized: null, confidence: 0, page: null, box: null }];
        const text = spanText(ts);
        const normalized = normalizeLearned(c.type, text, conf);
        const ocr = ts.reduce((s, t) => s + t.token.confidence, 0) / ts.length;
        const confidence = (normalized ? 0.95 : 0.5) * ocr;
        return [c.key, { value: text, normalized, confidence, page: r.page, box: unionBox(ts) }];
      }),
    ),
  }));
  const cellConfs = result.flatMap((r) =>
    Object.values(r.cells)
      .filter((c) => c.value !== null)
      .map((c) => c.confidence),
  );
  const confidence = cellConfs.length ? Math.min(...cellConfs) : 0;
  return {
    key: table.key,
    rows: result,
    confidence,
    source: `learned: header ${table.columns
      .flatMap((c) => c.header.slice(0, 1))
      .map((w) => `"${w}"`)
      .join(', ')}`,
    needs_review: false,
  };
}

function readsAs(ts: ViewToken[], c: LearnedTableColumn, conf: Conf): boolean {
  return normalizeLearned(c.type, spanText(ts), conf) !== null;
}
