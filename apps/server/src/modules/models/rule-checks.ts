import type { Filter, Label, Rule } from '@counterpart/contracts';
import { badRequest } from '../../errors.ts';

/** Checks a pattern compiles as a JavaScript regular expression; 400 naming the field otherwise. */
function checkPattern(pattern: string | undefined, field: string): void {
  if (pattern === undefined || pattern === '') return;
  try {
    new RegExp(pattern);
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    throw badRequest(`${field}: not a valid regular expression (${why})`, {
      [field]: 'Not a valid regular expression',
    });
  }
}

/** Checks a label's filters: their regular expressions compile. */
export function checkFilters(filters: Filter[], path = 'filters'): void {
  for (const [index, filter] of filters.entries()) {
    if (filter.kind === 'regex') checkPattern(filter.pattern, `${path}.${index}.pattern`);
    if (filter.kind === 'replace' && filter.regex) checkPattern(filter.find, `${path}.${index}.find`);
  }
}

/**
 * Checks a label's rules fit it: a line-items label is found by table rules naming its columns,
 * any other label by the other rules; regular expressions compile; zones are boxes.
 */
export function checkRules(label: Pick<Label, 'name' | 'type' | 'columns'>, rules: Rule[]): void {
  const columnKeys = new Set(label.columns.map((column) => column.key));
  for (const [index, rule] of rules.entries()) {
    const at = `rules.${index}`;
    if (label.type === 'table' && rule.method !== 'table') {
      throw badRequest(`${label.name} is a line-items field: find it with a table rule`, {
        [`${at}.method`]: 'Use a table rule',
      });
    }
    if (label.type !== 'table' && rule.method === 'table') {
      throw badRequest(`${label.name} is a single value: a table rule finds line items only`, {
        [`${at}.method`]: 'Use regex, anchor, zone or static',
      });
    }
    switch (rule.method) {
      case 'regex':
        checkPattern(rule.pattern, `${at}.pattern`);
        break;
      case 'anchor':
        if (rule.anchor_match === 'regex') checkPattern(rule.anchor, `${at}.anchor`);
        checkPattern(rule.value_pattern, `${at}.value_pattern`);
        break;
      case 'zone':
        if (rule.box.x0 >= rule.box.x1 || rule.box.y0 >= rule.box.y1) {
          throw badRequest('A zone needs x0 < x1 and y0 < y1', { [`${at}.box`]: 'Empty box' });
        }
        break;
      case 'table': {
        checkPattern(rule.start_pattern, `${at}.start_pattern`);
        checkPattern(rule.end_pattern, `${at}.end_pattern`);
        for (const [c, column] of rule.columns.entries()) {
          if (!columnKeys.has(column.key)) {
            throw badRequest(`${label.name} has no column "${column.key}"`, {
              [`${at}.columns.${c}.key`]: 'Not a column of this field',
            });
          }
        }
        break;
      }
      case 'static':
        break;
    }
  }
}
