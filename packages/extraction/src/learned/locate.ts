import type { Annotation } from '@counterpart/contracts';
import { type DocumentView, spanText, type ViewToken } from './document-view.ts';

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/**
 * The tokens an annotation marks: those whose centre lies in its box (on its page), kept to the
 * line holding most of them. When the box holds none (a correction typed without a box, a box
 * drawn off the words), the first token span spelling the annotated value.
 */
export function locateAnnotation(view: DocumentView, a: Annotation): ViewToken[] | null {
  // Annotations are drawn on the page as read: compare with the tokens' own boxes.
  const inBox = view.tokens.filter((t) => {
    const { box } = t.original;
    const cx = (box.x0 + box.x1) / 2;
    const cy = (box.y0 + box.y1) / 2;
    return t.token.page === a.page && cx >= a.box.x0 && cx <= a.box.x1 && cy >= a.box.y0 && cy <= a.box.y1;
  });
  if (inBox.length > 0) {
    const counts = new Map<number, number>();
    for (const t of inBox) counts.set(t.line, (counts.get(t.line) ?? 0) + 1);
    const line = [...counts.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]![0];
    return inBox.filter((t) => t.line === line).sort((x, y) => x.token.box.x0 - y.token.box.x0);
  }
  return findValue(view, a.value, a.page);
}

/** The first span of a line whose text is the value (ignoring case and spaces); its page first. */
export function findValue(view: DocumentView, value: string, page?: number): ViewToken[] | null {
  const target = squash(value);
  if (!target) return null;
  const lines = [...view.lines].sort((a, b) => Number(b.page === page) - Number(a.page === page));
  for (const line of lines) {
    const ts = line.tokens;
    for (let i = 0; i < ts.length; i++) {
      let acc = '';
      for (let j = i; j < ts.length && acc.length < target.length; j++) {
        acc += squash(ts[j]!.token.text);
        if (acc === target) return ts.slice(i, j + 1);
        if (!target.startsWith(acc)) break;
      }
    }
  }
  return null;
}

export { spanText };
