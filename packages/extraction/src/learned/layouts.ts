import type { DocumentView } from './document-view.ts';
import type { FingerprintWord } from './types.ts';

/**
 * Layout fingerprints: the words of a document's first page and where they first appear. Documents
 * of one layout (one vendor's invoices) share their printed labels at the same places; their values
 * differ. Training documents are grouped by fingerprint, and a new document goes to the nearest.
 */
export type DocumentPrint = Map<string, { x: number; y: number }>;

export function documentPrint(view: DocumentView): DocumentPrint {
  const print: DocumentPrint = new Map();
  for (const t of view.tokens) {
    if (t.token.page !== 1 || t.word.length < 2 || print.has(t.word)) continue;
    print.set(t.word, { x: t.cx, y: t.cy });
  }
  return print;
}

/** The words held by at least half of the documents, at their mean first position. */
export function layoutPrint(prints: DocumentPrint[]): FingerprintWord[] {
  const acc = new Map<string, { n: number; x: number; y: number }>();
  for (const p of prints) {
    for (const [text, at] of p) {
      const a = acc.get(text) ?? { n: 0, x: 0, y: 0 };
      a.n += 1;
      a.x += at.x;
      a.y += at.y;
      acc.set(text, a);
    }
  }
  const out: FingerprintWord[] = [];
  for (const [text, a] of acc) {
    const frequency = a.n / prints.length;
    if (frequency >= 0.5) out.push({ text, frequency, x: a.x / a.n, y: a.y / a.n });
  }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** 0..1: the layout's words found in the document near their place, over all words of both. */
export function printSimilarity(doc: DocumentPrint, layout: FingerprintWord[]): number {
  if (layout.length === 0) return 0;
  let inter = 0;
  let union = 0;
  const known = new Set<string>();
  for (const w of layout) {
    known.add(w.text);
    union += w.frequency;
    const at = doc.get(w.text);
    if (at) inter += w.frequency * Math.exp(-(Math.abs(at.x - w.x) + Math.abs(at.y - w.y)) / 0.1);
  }
  for (const text of doc.keys()) if (!known.has(text)) union += 0.5;
  return inter / union;
}

/** Documents at least this similar to a layout join it when learning. */
export const JOIN_SIMILARITY = 0.4;
/** A new document less similar than this to every layout is read with the generic model. */
export const KNOWN_SIMILARITY = 0.25;

/** Groups documents into layouts (greedy, in the order given): each group's member indexes. */
export function groupLayouts(prints: DocumentPrint[]): number[][] {
  const groups: { members: number[]; print: FingerprintWord[] }[] = [];
  prints.forEach((p, i) => {
    let best = -1;
    let bestSim = JOIN_SIMILARITY;
    groups.forEach((g, gi) => {
      const sim = printSimilarity(p, g.print);
      if (sim >= bestSim) {
        best = gi;
        bestSim = sim;
      }
    });
    if (best < 0) groups.push({ members: [i], print: layoutPrint([p]) });
    else {
      const g = groups[best]!;
      g.members.push(i);
      g.print = layoutPrint(g.members.map((m) => prints[m]!));
    }
  });
  return groups.map((g) => g.members);
}
