/**
 * A document's text as `pdftotext -layout` writes it (what invoice2data's templates match): one text
 * line per line of words, each word at the character column of its left edge, pages one after the
 * other separated by form feeds.
 */
import type { DocumentTokens } from '@counterpart/contracts';
import { lines } from '@counterpart/extraction';

/** Character columns across a page (pdftotext sets about one per 4.5 points of an A4 width). */
const COLUMNS = 132;

export function layoutText(doc: DocumentTokens): string {
  const pages = new Map<number, string[]>();
  for (const line of lines(doc)) {
    let text = '';
    for (const token of line.tokens) {
      const column = Math.round(token.box.x0 * COLUMNS);
      text += text.length === 0 ? ' '.repeat(column) : ' '.repeat(Math.max(1, column - text.length));
      text += token.text;
    }
    const list = pages.get(line.page) ?? [];
    list.push(text);
    pages.set(line.page, list);
  }
  return [...pages.keys()]
    .sort((a, b) => a - b)
    .map((p) => (pages.get(p) as string[]).join('\n'))
    .join('\n\f');
}
