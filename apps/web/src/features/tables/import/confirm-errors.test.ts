import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../shared/lib/http.ts';
import { placeConfirmErrors } from './confirm-errors.ts';
import type { MappingRow } from './mapping-state.ts';

function row(source: number, target: MappingRow['target']): MappingRow {
  return {
    source,
    header: `H${source}`,
    target,
    name: `H${source}`,
    type: 'text',
    currency: 'KES',
    options: undefined,
    columnId: target === 'existing' ? 'c1' : '',
    dateFormat: null,
    note: null,
    decimalSeparator: null,
    detectedSeparator: null,
  };
}

const rows = [row(0, 'new'), row(1, 'existing'), row(2, 'new')];

describe('placeConfirmErrors', () => {
  it("puts a mapping entry's error under its source column", () => {
    const error = new HttpError(400, {
      message: 'Column names must be unique',
      details: { 'mapping[2].new_column.name': 'A column named "H2" already exists' },
    });
    expect(placeConfirmErrors(error, rows, true)).toEqual({
      rows: { 2: { name: 'A column named "H2" already exists' } },
    });
  });

  it('reads schema validation paths and existing-column errors too', () => {
    const error = new HttpError(400, {
      message: 'Invalid request',
      details: {
        'mapping.0.new_column.currency': 'Use a 3-letter currency code',
        'mapping[1].column_id': 'Gone',
      },
    });
    expect(placeConfirmErrors(error, rows, true).rows).toEqual({
      0: { currency: 'Use a 3-letter currency code' },
      1: { column: 'Gone' },
    });
  });

  it("puts the new table's name error under Table name, and the rest above the form", () => {
    const named = new HttpError(409, {
      message: 'Taken',
      details: { name: 'A table with this name exists' },
    });
    expect(placeConfirmErrors(named, rows, true)).toEqual({
      rows: {},
      tableName: 'A table with this name exists',
    });
    const plain = new HttpError(400, { message: '"x.ofx" looks like a bank statement' });
    expect(placeConfirmErrors(plain, rows, true)).toEqual({
      rows: {},
      form: '"x.ofx" looks like a bank statement',
    });
    const other = new HttpError(400, {
      message: 'Unknown key column',
      details: { 'options.key_source': 'No' },
    });
    expect(placeConfirmErrors(other, rows, false).form).toBe('Unknown key column');
  });
});
