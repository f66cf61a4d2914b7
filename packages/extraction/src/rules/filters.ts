import type { Filter, ModelConfiguration } from '@counterpart/contracts';
import { readAmount } from '../normalize/amount.ts';
import { readDate } from '../normalize/date.ts';
import { fixOcrConfusions } from '../normalize/ocr-confusions.ts';
import type { NormalizeHints } from '../normalize/value.ts';
import { compilePattern } from './patterns.ts';

/**
 * A label's filter pipeline, applied in order to a found text. A `regex` filter that does not
 * match, or a pipeline leaving nothing, drops the value. `date` and `amount` filters rewrite the
 * text to ISO / a plain decimal and tell typing how to read it (hints); when they cannot read it,
 * the text is kept and `certainty` drops to 0.5 so the field is reviewed.
 */
export interface Filtered {
  text: string;
  certainty: number;
  hints: NormalizeHints;
}

type Settings = Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>;

/** Reading a value the filter could not read: kept, for a person to look at. */
const UNREAD = 0.5;

export function applyFilters(
  input: string,
  filters: readonly Filter[],
  configuration: Settings,
  where: string,
): Filtered | null {
  let text = input;
  let certainty = 1;
  let hints: NormalizeHints = {};
  for (const [index, filter] of filters.entries()) {
    const at = `${where}, filter ${index + 1}`;
    switch (filter.kind) {
      case 'trim':
        text = text.replace(/\s+/g, ' ').trim();
        break;
      case 'replace':
        text = filter.regex
          ? text.replace(compilePattern(filter.find, 'g', at), filter.replace)
          : text.replaceAll(filter.find, filter.replace);
        break;
      case 'regex': {
        const match = compilePattern(filter.pattern, 'i', at).exec(text);
        if (!match) return null;
        const kept = filter.group < match.length ? match[filter.group] : match[0];
        if (kept === undefined) return null;
        text = kept;
        break;
      }
      case 'date': {
        const date = readDate(text, configuration.date_order, filter.formats);
        if (date) {
          text = date.iso;
          certainty *= date.certainty;
          hints = { ...hints, dateFormats: ['YYYY-MM-DD'] };
        } else certainty *= UNREAD;
        break;
      }
      case 'amount': {
        const decimal = filter.decimal_separator ?? configuration.decimal_separator;
        const amount = readAmount(text, { decimal, currency: hints.currency ?? configuration.currency });
        if (amount) {
          text = amount.decimal;
          certainty *= amount.certainty;
          hints = { ...hints, decimal: '.', currency: amount.currency };
        } else certainty *= UNREAD;
        break;
      }
      case 'whitelist': {
        const allowed = new Set(filter.characters);
        text = [...text].filter((c) => allowed.has(c)).join('');
        break;
      }
      case 'ocr_confusions':
        text = fixOcrConfusions(text, filter.shape);
        break;
      case 'uppercase':
        text = text.toUpperCase();
        break;
      case 'lowercase':
        text = text.toLowerCase();
        break;
    }
  }
  if (text.trim() === '') return null;
  return { text, certainty, hints };
}
