import { describe, expect, it } from 'vitest';
import { cleanCurrency, deduplicateRows, filterRows, mapColumns } from './row-blocks.ts';
import { BlockParameterError, ITEM_ID_FIELD, isRowSet, itemIdOf, type RowSet } from './row-set.ts';

const rowSet = (columns: string[], ...values: Array<Array<string | null>>): RowSet => ({
  columns,
  rows: values.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i] ?? null]))),
});
const column = (set: RowSet, name: string) => set.rows.map((row) => row[name]);

/** Freezes a row set all the way down, so a mutation throws. */
function frozen(set: RowSet): RowSet {
  for (const row of set.rows) Object.freeze(row);
  Object.freeze(set.rows);
  Object.freeze(set.columns);
  return Object.freeze(set);
}

function parameterError(run: () => unknown): BlockParameterError {
  try {
    run();
  } catch (error) {
    if (error instanceof BlockParameterError) return error;
    throw error;
  }
  throw new Error('expected a BlockParameterError');
}

const amounts = rowSet(
  ['ref', 'amount'],
  ['a', '1,000.01'],
  ['b', '1000.00'],
  ['c', '(5.00)'],
  ['d', 'KES 999.999'],
  ['e', null],
  ['f', 'n/a'],
  ['g', '2024-03-01'],
);
const refs = (set: RowSet) => column(set, 'ref').join('');

describe('filterRows', () => {
  it('equals and contains compare trimmed text case-insensitively; equals is the default', () => {
    const input = rowSet(['name'], ['  ACME Ltd '], ['acme ltd'], ['Acme Holdings'], [null]);
    expect(column(filterRows(input, { column: 'name', value: 'acme ltd' }).rows, 'name')).toEqual([
      '  ACME Ltd ',
      'acme ltd',
    ]);
    const contains = filterRows(input, { column: 'name', operator: 'contains', value: ' ACME ' });
    expect(contains.rows.rows).toHaveLength(3);
    expect(contains.rest.rows).toEqual([{ name: null }]);
  });

  it('greater_than compares amounts exactly, not as floats', () => {
    const result = filterRows(amounts, { column: 'amount', operator: 'greater_than', value: '1000.00' });
    expect(refs(result.rows)).toBe('a');
    // Not amounts (null, text, a date) are not matched.
    expect(refs(result.rest)).toBe('bcdefg');
    expect(
      refs(filterRows(amounts, { column: 'amount', operator: 'greater_than', value: '1000' }).rows),
    ).toBe('a');
    expect(
      refs(filterRows(amounts, { column: 'amount', operator: 'greater_than', value: '999.998' }).rows),
    ).toBe('abd');
  });

  it('less_than reads negatives in parentheses and values beyond float precision', () => {
    expect(refs(filterRows(amounts, { column: 'amount', operator: 'less_than', value: '0' }).rows)).toBe('c');
    const big = rowSet(['ref', 'amount'], ['x', '9007199254740993.01'], ['y', '9007199254740993.00']);
    const result = filterRows(big, { column: 'amount', operator: 'less_than', value: '9007199254740993.01' });
    expect(refs(result.rows)).toBe('y');
  });

  it('compares ISO dates when both sides are dates, else sends the row to rest', () => {
    const input = rowSet(
      ['ref', 'date'],
      ['a', '2024-01-31'],
      ['b', '2024-02-01'],
      ['c', '31/01/2024'],
      ['d', null],
    );
    expect(
      refs(filterRows(input, { column: 'date', operator: 'greater_than', value: '2024-01-31' }).rows),
    ).toBe('b');
    const before = filterRows(input, { column: 'date', operator: 'less_than', value: '2024-02-01' });
    expect(refs(before.rows)).toBe('a');
    expect(refs(before.rest)).toBe('bcd');
  });

  it('is_empty and is_not_empty treat null and blank text as empty and need no value', () => {
    const input = rowSet(['ref', 'memo'], ['a', null], ['b', '   '], ['c', 'x']);
    expect(refs(filterRows(input, { column: 'memo', operator: 'is_empty' }).rows)).toBe('ab');
    const notEmpty = filterRows(input, { column: 'memo', operator: 'is_not_empty' });
    expect([refs(notEmpty.rows), refs(notEmpty.rest)]).toEqual(['c', 'ab']);
  });

  it('keeps the columns on both outputs', () => {
    const result = filterRows(amounts, { column: 'ref', value: 'a' });
    expect(result.rows.columns).toEqual(['ref', 'amount']);
    expect(result.rest.columns).toEqual(['ref', 'amount']);
  });

  it('names the parameter that is wrong', () => {
    expect(parameterError(() => filterRows(amounts, { column: 'total', value: '1' }))).toMatchObject({
      parameter: 'column',
      message: 'There is no column "total" in the rows',
      name: 'BlockParameterError',
    });
    expect(parameterError(() => filterRows(amounts, { value: '1' })).parameter).toBe('column');
    expect(
      parameterError(() => filterRows(amounts, { column: 'ref', operator: 'like', value: 'a' })).parameter,
    ).toBe('operator');
    for (const operator of ['equals', 'contains', 'greater_than', 'less_than']) {
      expect(parameterError(() => filterRows(amounts, { column: 'ref', operator })).parameter).toBe('value');
      expect(
        parameterError(() => filterRows(amounts, { column: 'ref', operator, value: ' ' })).parameter,
      ).toBe('value');
    }
    const notComparable = parameterError(() =>
      filterRows(amounts, { column: 'amount', operator: 'greater_than', value: 'lots' }),
    );
    expect(notComparable.parameter).toBe('value');
  });
});

describe('deduplicateRows', () => {
  it('keeps the first row of each key, folding case and surrounding spaces', () => {
    const input = rowSet(
      ['ref', 'bank', 'n'],
      ['INV-1', 'KCB', '1'],
      [' inv-1 ', 'kcb ', '2'],
      ['INV-1', 'Equity', '3'],
      [null, 'KCB', '4'],
      ['', 'KCB', '5'],
    );
    const result = deduplicateRows(input, { columns: ['ref', 'bank'] });
    expect(column(result.rows, 'n')).toEqual(['1', '3', '4']);
    expect(column(result.duplicates, 'n')).toEqual(['2', '5']);
    expect(result.duplicates.columns).toEqual(['ref', 'bank', 'n']);
    expect(column(deduplicateRows(input, { columns: ['bank'] }).rows, 'n')).toEqual(['1', '3']);
  });

  it('does not confuse values that contain the separator of a joined key', () => {
    const input = rowSet(['a', 'b'], ['x,y', 'z'], ['x', 'y,z'], ['x|y', 'z'], ['x', 'y|z']);
    expect(deduplicateRows(input, { columns: ['a', 'b'] }).duplicates.rows).toEqual([]);
  });

  it('needs existing key columns', () => {
    for (const columns of [undefined, [], 'ref', ['ref', 'missing'], [1]]) {
      expect(parameterError(() => deduplicateRows(amounts, { columns })).parameter).toBe('columns');
    }
    expect(parameterError(() => deduplicateRows(amounts, { columns: ['missing'] })).message).toBe(
      'There is no column "missing" in the rows',
    );
  });
});

describe('mapColumns', () => {
  const input = rowSet(['Txn Ref', 'Amount', 'Memo'], ['R1', '10', 'x'], ['R2', '20', null]);

  it('renames in the mapping order and drops the columns not listed', () => {
    const mapping = [
      { from: 'Amount', to: 'amount' },
      { from: 'Txn Ref', to: ' reference ' },
    ];
    const result = mapColumns(input, { mapping });
    expect(result.rows).toEqual({
      columns: ['amount', 'reference'],
      rows: [
        { amount: '10', reference: 'R1' },
        { amount: '20', reference: 'R2' },
      ],
    });
    expect(mapColumns(input, { mapping: JSON.stringify(mapping) })).toEqual(result);
  });

  it('can copy a column under two names, including awkward ones', () => {
    const result = mapColumns(input, {
      mapping: [
        { from: 'Txn Ref', to: '__proto__' },
        { from: 'Txn Ref', to: 'toString' },
      ],
    });
    expect(result.rows.columns).toEqual(['__proto__', 'toString']);
    expect(Object.keys(result.rows.rows[0]!)).toEqual(['__proto__', 'toString']);
    expect(Object.getPrototypeOf(result.rows.rows[0])).toBe(Object.prototype);
    expect(isRowSet(result.rows)).toBe(true);
  });

  it("keeps a row's hidden item id (the Table block's) with the row, outside the columns", () => {
    const rows = {
      columns: ['Ref', 'Amount'],
      rows: [{ Ref: 'R1', Amount: '10', [ITEM_ID_FIELD]: 'item-1' }],
    };
    const result = mapColumns(rows, { mapping: [{ from: 'Amount', to: 'amount' }] });
    expect(result.rows.columns).toEqual(['amount']);
    expect(result.rows.rows).toEqual([{ amount: '10', [ITEM_ID_FIELD]: 'item-1' }]);
    expect(itemIdOf(result.rows.rows[0]!)).toBe('item-1');
    expect(deduplicateRows(rows, { columns: ['Ref'] }).rows.rows[0]).toHaveProperty(ITEM_ID_FIELD, 'item-1');
  });

  it('refuses unknown, repeated and empty names and malformed mappings', () => {
    const error = (mapping: unknown) => parameterError(() => mapColumns(input, { mapping }));
    expect(error([{ from: 'Ref', to: 'reference' }])).toMatchObject({
      parameter: 'mapping',
      message: 'There is no column "Ref" in the rows',
    });
    expect(
      error([
        { from: 'Txn Ref', to: 'x' },
        { from: 'Amount', to: 'x ' },
      ]).message,
    ).toBe('Two columns are named "x"');
    expect(error([{ from: 'Txn Ref', to: '  ' }]).parameter).toBe('mapping');
    for (const bad of [undefined, [], '[{', '{}', [null], [{ from: 'Amount' }]]) {
      expect(error(bad).parameter).toBe('mapping');
    }
  });
});

describe('cleanCurrency', () => {
  const input = rowSet(
    ['ref', 'amount', 'fee'],
    ['a', '(1,234.50)', '$12'],
    ['b', '1 234.50-', 'KES 1,200'],
    ['c', 'about 5', '  '],
    ['d', null, '8.850'],
    ['e', '1.005', '-0'],
  );

  it('writes each amount as a plain decimal with the currency minor digits', () => {
    const { rows, problems } = cleanCurrency(input, { columns: ['amount', 'fee'] });
    expect(column(rows, 'amount')).toEqual(['-1234.50', '-1234.50', 'about 5', null, '1.005']);
    expect(column(rows, 'fee')).toEqual(['12.00', '1200.00', null, '8.85', '0.00']);
    expect(column(rows, 'ref')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rows.columns).toEqual(['ref', 'amount', 'fee']);
    expect(problems).toEqual([
      { row: 2, column: 'amount', value: 'about 5', reason: 'Is not an amount' },
      { row: 4, column: 'amount', value: '1.005', reason: 'Has more decimal places than KES has (2)' },
    ]);
  });

  it('follows the currency: JPY has no minor digits, BHD three', () => {
    const yen = rowSet(['amount'], ['¥'], ['1,200'], ['(3)']);
    expect(cleanCurrency(yen, { columns: ['amount'], currency: 'jpy' }).rows.rows).toEqual([
      { amount: '¥' },
      { amount: '1200' },
      { amount: '-3' },
    ]);
    const dinar = rowSet(['amount'], ['1.5'], ['2e-3']);
    expect(column(cleanCurrency(dinar, { columns: ['amount'], currency: 'BHD' }).rows, 'amount')).toEqual([
      '1.500',
      '0.002',
    ]);
  });

  it('names the parameter that is wrong', () => {
    expect(parameterError(() => cleanCurrency(input, { columns: ['total'] }))).toMatchObject({
      parameter: 'columns',
      message: 'There is no column "total" in the rows',
    });
    expect(parameterError(() => cleanCurrency(input, { columns: [] })).parameter).toBe('columns');
    for (const currency of ['KE', 'KESH', 12, '']) {
      expect(parameterError(() => cleanCurrency(input, { columns: ['fee'], currency })).parameter).toBe(
        'currency',
      );
    }
  });
});

describe('row blocks and their input', () => {
  it('never change the rows they are given', () => {
    const input = rowSet(['ref', 'amount'], ['A', '(1.00)'], ['a', '2'], ['b', null]);
    const copy = structuredClone(input);
    frozen(input);
    filterRows(input, { column: 'amount', operator: 'greater_than', value: '0' });
    deduplicateRows(input, { columns: ['ref'] });
    mapColumns(input, { mapping: [{ from: 'ref', to: 'r' }] });
    const cleaned = cleanCurrency(input, { columns: ['amount'] });
    expect(input).toEqual(copy);
    expect(cleaned.rows.rows[0]).not.toBe(input.rows[0]);
  });
});

describe('row blocks at scale', () => {
  it('take 100,000 rows in one pass (a quadratic block would time out)', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      ref: `R${i % 50_000}`,
      amount: `${i},000.5${i % 10}`,
    }));
    const input = { columns: ['ref', 'amount'], rows };
    expect(deduplicateRows(input, { columns: ['ref'] }).duplicates.rows).toHaveLength(50_000);
    const big = filterRows(input, { column: 'amount', operator: 'greater_than', value: '50,000,000' });
    expect(big.rows.rows).toHaveLength(50_000); // i ≥ 50,000: "50000,000.50" > 50,000,000
    expect(cleanCurrency(input, { columns: ['amount'] }).rows.rows[99_999]).toEqual({
      ref: 'R49999',
      amount: '99999000.59',
    });
    expect(mapColumns(input, { mapping: [{ from: 'ref', to: 'reference' }] }).rows.rows).toHaveLength(
      100_000,
    );
  });
});

describe('isRowSet', () => {
  it('accepts text or null cells under distinct column names', () => {
    expect(isRowSet(rowSet(['a', 'b'], ['1', null]))).toBe(true);
    expect(isRowSet({ columns: ['a'], rows: [{}] })).toBe(true);
    expect(isRowSet({ columns: [], rows: [] })).toBe(true);
  });

  it('refuses other shapes', () => {
    for (const value of [
      null,
      [],
      { columns: ['a'] },
      { columns: ['a', 'a'], rows: [] },
      { columns: [1], rows: [] },
      { columns: ['a'], rows: [{ a: 1 }] },
      { columns: ['a'], rows: [null] },
      { columns: ['a'], rows: [['x']] },
    ]) {
      expect(isRowSet(value)).toBe(false);
    }
  });
});
