import type { ImportProposal, TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { checkMapping, type MappingState, mappingFromProposal, mappingReducer } from './mapping-state.ts';

const proposal: ImportProposal = {
  format: 'csv',
  statement_format: null,
  encoding: 'utf-8',
  delimiter: ',',
  has_header: true,
  line_endings: 'lf',
  sheets: [],
  sheet: null,
  columns: [
    { index: 0, header: 'Date', guessed_type: 'date', currency: null, date_format: 'dd/mm/yyyy' },
    { index: 1, header: 'Description', guessed_type: 'text', currency: null, date_format: null },
    { index: 2, header: 'Amount', guessed_type: 'currency', currency: 'KES', date_format: null },
    { index: 3, header: '', guessed_type: 'number', currency: null, date_format: null },
  ],
  sample_rows: [['15/01/2026', 'Rent', 'KES 1,200.50', '7']],
  mapping: [
    { source: 0, new_column: { name: 'Date', type: 'date' } },
    { source: 1, new_column: { name: 'Description', type: 'text' } },
    { source: 2, new_column: { name: 'Amount', type: 'currency', currency: 'KES' } },
    { source: 3, skip: true },
  ],
  table_name: 'bank lines',
};

const read = { sheet: null, delimiter: ',' as const, has_header: true };
const NEW_TABLE = { tableId: null } as const;

describe('mappingFromProposal', () => {
  it("starts from the server's proposal: names, types, currency, date layout, skipped columns", () => {
    const state = mappingFromProposal(proposal);
    expect(state.tableName).toBe('bank lines');
    expect(state.keySource).toBeNull();
    expect(state.rows.map((row) => [row.header, row.target, row.type])).toEqual([
      ['Date', 'new', 'date'],
      ['Description', 'new', 'text'],
      ['Amount', 'new', 'currency'],
      ['Column 4', 'skip', 'number'],
    ]);
    expect(state.rows[0]?.dateFormat).toBe('dd/mm/yyyy');
    expect(state.rows[2]?.currency).toBe('KES');
  });

  it('keeps a typed table name and a still-present key across a new proposal', () => {
    let state = mappingFromProposal(proposal);
    state = mappingReducer(state, { type: 'table-name', name: 'March bank' });
    state = mappingReducer(state, { type: 'key', source: 1 });
    state = mappingReducer(state, { type: 'proposal', proposal: { ...proposal, table_name: 'other' } });
    expect(state.tableName).toBe('March bank');
    expect(state.keySource).toBe(1);
    const fewer = {
      ...proposal,
      columns: proposal.columns.slice(0, 1),
      mapping: proposal.mapping.slice(0, 1),
    };
    expect(mappingReducer(state, { type: 'proposal', proposal: fewer }).keySource).toBeNull();
  });
});

describe('mappingReducer', () => {
  it('skipping the key column clears the key', () => {
    let state = mappingReducer(mappingFromProposal(proposal), { type: 'key', source: 2 });
    state = mappingReducer(state, { type: 'target', source: 2, target: 'skip' });
    expect(state.keySource).toBeNull();
    expect(state.rows[2]?.target).toBe('skip');
  });

  it('changes one column only', () => {
    const state = mappingReducer(mappingFromProposal(proposal), {
      type: 'column-type',
      source: 1,
      columnType: 'number',
    });
    expect(state.rows.map((row) => row.type)).toEqual(['date', 'number', 'currency', 'number']);
  });
});

describe('checkMapping', () => {
  it('sends the QIF date format the proposal was read with', () => {
    const check = checkMapping(mappingFromProposal(proposal), NEW_TABLE, {
      sheet: null,
      delimiter: null,
      has_header: true,
      qif_date_format: 'dd/mm/yyyy',
    });
    expect(check.ok && check.input.options).toEqual({ has_header: true, qif_date_format: 'dd/mm/yyyy' });
  });

  it('builds the confirm body of a new table', () => {
    let state = mappingFromProposal(proposal);
    state = mappingReducer(state, { type: 'currency', source: 2, currency: 'usd' });
    state = mappingReducer(state, { type: 'key', source: 1 });
    const check = checkMapping(state, NEW_TABLE, read);
    expect(check).toEqual({
      ok: true,
      input: {
        target: { new_table: { name: 'bank lines' } },
        mapping: [
          { source: 0, new_column: { name: 'Date', type: 'date' }, date_format: 'dd/mm/yyyy' },
          { source: 1, new_column: { name: 'Description', type: 'text' } },
          {
            source: 2,
            new_column: { name: 'Amount', type: 'currency', currency: 'USD' },
            decimal_separator: '.',
          },
          { source: 3, skip: true },
        ],
        options: { has_header: true, delimiter: ',', key_source: 1 },
      },
    });
  });

  it('names every problem: empty and repeated names, bad currency, no table name', () => {
    let state: MappingState = mappingFromProposal(proposal);
    state = mappingReducer(state, { type: 'name', source: 0, name: ' ' });
    state = mappingReducer(state, { type: 'name', source: 1, name: 'amount' });
    state = mappingReducer(state, { type: 'currency', source: 2, currency: 'KE' });
    state = mappingReducer(state, { type: 'table-name', name: '' });
    const check = checkMapping(state, NEW_TABLE, read);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.rows).toEqual({
      0: { name: 'Name the column' },
      2: { name: 'Another column has this name', currency: 'Use a 3-letter currency code' },
    });
    expect(check.errors.tableName).toBe('Name the table');
  });

  it('refuses a mapping that keeps nothing', () => {
    let state = mappingFromProposal(proposal);
    for (const source of [0, 1, 2]) state = mappingReducer(state, { type: 'target', source, target: 'skip' });
    const check = checkMapping(state, NEW_TABLE, read);
    expect(check.ok ? null : check.errors.form).toBe('Keep at least one column');
  });

  it('maps into an existing table: chosen columns once each, new names not clashing', () => {
    const columns: TableColumn[] = [
      { id: 'c1', name: 'Value date', type: 'date', position: 0 },
      { id: 'c2', name: 'Description', type: 'text', position: 1 },
    ];
    const destination = { tableId: 't1', columns };
    let state = mappingFromProposal(proposal);
    state = mappingReducer(state, { type: 'target', source: 0, target: 'existing', columnId: 'c1' });
    state = mappingReducer(state, { type: 'target', source: 3, target: 'existing', columnId: 'c1' });
    let check = checkMapping(state, destination, { sheet: 'March', delimiter: null, has_header: false });
    expect(check.ok ? null : check.errors.rows).toEqual({
      1: { name: 'The table already has a column with this name' },
      3: { column: 'Another source column goes here' },
    });
    state = mappingReducer(state, { type: 'target', source: 1, target: 'existing', columnId: 'c2' });
    state = mappingReducer(state, { type: 'target', source: 3, target: 'existing' });
    check = checkMapping(state, destination, { sheet: 'March', delimiter: null, has_header: false });
    expect(check.ok ? null : check.errors.rows).toEqual({ 3: { column: 'Choose a column of the table' } });
    state = mappingReducer(state, { type: 'target', source: 3, target: 'skip' });
    check = checkMapping(state, destination, { sheet: 'March', delimiter: null, has_header: false });
    expect(check).toEqual({
      ok: true,
      input: {
        target: { table_id: 't1' },
        mapping: [
          { source: 0, column_id: 'c1', date_format: 'dd/mm/yyyy' },
          { source: 1, column_id: 'c2' },
          {
            source: 2,
            new_column: { name: 'Amount', type: 'currency', currency: 'KES' },
            decimal_separator: '.',
          },
          { source: 3, skip: true },
        ],
        options: { has_header: false, sheet: 'March' },
      },
    });
  });
});

describe('decimal separator of CSV amounts', () => {
  it('starts from the detected separator, lets the user change it, and sends it for currency columns', () => {
    const withComma: ImportProposal = {
      ...proposal,
      columns: proposal.columns.map((column) =>
        column.index === 2 ? { ...column, decimal_separator: ',' } : column,
      ),
    };
    let state = mappingFromProposal(withComma);
    expect(state.rows[2]).toMatchObject({ decimalSeparator: ',', detectedSeparator: ',' });
    let check = checkMapping(state, NEW_TABLE, read);
    expect(check.ok && check.input.mapping[2]).toMatchObject({ decimal_separator: ',' });
    expect(check.ok && check.input.mapping[1]).not.toHaveProperty('decimal_separator');
    state = mappingReducer(state, { type: 'decimal-separator', source: 2, separator: '.' });
    check = checkMapping(state, NEW_TABLE, read);
    expect(check.ok && check.input.mapping[2]).toMatchObject({ decimal_separator: '.' });
  });

  it('offers no separator for files whose amounts are not text (XLSX, statements)', () => {
    const state = mappingFromProposal({ ...proposal, format: 'xlsx', delimiter: null });
    expect(state.rows[2]?.decimalSeparator).toBeNull();
    const check = checkMapping(state, NEW_TABLE, { ...read, delimiter: null });
    expect(check.ok && check.input.mapping[2]).not.toHaveProperty('decimal_separator');
  });
});
