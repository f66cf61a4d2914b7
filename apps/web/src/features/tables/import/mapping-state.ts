import type {
  ColumnInput,
  ColumnType,
  ConfirmImportInput,
  ImportDateFormat,
  ImportDecimalSeparator,
  ImportMappingEntry,
  ImportProposal,
  TableColumn,
} from '@counterpart/contracts';
import { DEFAULT_CURRENCY } from '@counterpart/domain';

/** Where a source column goes: a new column, an existing column of the table, or nowhere. */
export type TargetKind = 'new' | 'existing' | 'skip';

/** The mapping of one source column as the user edits it. */
export interface MappingRow {
  source: number;
  /** The source column's header (or "Column n"). */
  header: string;
  target: TargetKind;
  /** New column: its name, type and (currency) code; options kept from the proposal for selects. */
  name: string;
  type: ColumnType;
  currency: string;
  options: string[] | undefined;
  /** Existing column: its id ('' until one is chosen). */
  columnId: string;
  /** Date columns: the layout of the file's values (null: the server's sniffed one). */
  dateFormat: ImportDateFormat | null;
  /** Why the server proposed this type ("Phone numbers: kept as text…"), or null. */
  note: string | null;
  /**
   * CSV files: the decimal separator the amounts are read with (sniffed, changeable; sent for
   * currency columns); null for files whose amounts are not read as text (XLSX, statements).
   */
  decimalSeparator: ImportDecimalSeparator | null;
  /** What the server detected for this column (null: no amounts, or both ways). */
  detectedSeparator: ImportDecimalSeparator | null;
}

export interface MappingState {
  rows: MappingRow[];
  /** New table only: its name (from the file name until the user types one). */
  tableName: string;
  tableNameTouched: boolean;
  /** Source column whose value is the row's external key; null for none. */
  keySource: number | null;
}

export type MappingAction =
  | { type: 'proposal'; proposal: ImportProposal }
  | { type: 'target'; source: number; target: TargetKind; columnId?: string }
  | { type: 'name'; source: number; name: string }
  | { type: 'column-type'; source: number; columnType: ColumnType }
  | { type: 'currency'; source: number; currency: string }
  | { type: 'date-format'; source: number; dateFormat: ImportDateFormat | null }
  | { type: 'decimal-separator'; source: number; separator: ImportDecimalSeparator }
  | { type: 'table-name'; name: string }
  | { type: 'key'; source: number | null };

function rowOf(entry: ImportMappingEntry, proposal: ImportProposal): MappingRow {
  const column = proposal.columns.find((candidate) => candidate.index === entry.source);
  const header = column?.header.trim() || `Column ${entry.source + 1}`;
  const guessed = column?.guessed_type ?? 'text';
  const row: MappingRow = {
    source: entry.source,
    header,
    target: 'skip',
    name: header,
    type: guessed === 'link' ? 'text' : guessed,
    currency: column?.currency ?? DEFAULT_CURRENCY,
    options: undefined,
    columnId: '',
    dateFormat: entry.date_format ?? column?.date_format ?? null,
    note: column?.note ?? null,
    decimalSeparator:
      proposal.format === 'csv' ? (entry.decimal_separator ?? column?.decimal_separator ?? '.') : null,
    detectedSeparator: column?.decimal_separator ?? null,
  };
  if (entry.column_id !== undefined) return { ...row, target: 'existing', columnId: entry.column_id };
  if (entry.new_column) {
    const input = entry.new_column;
    return {
      ...row,
      target: 'new',
      name: input.name,
      type: input.type === 'link' ? 'text' : input.type,
      currency: input.currency ?? row.currency,
      options: input.options,
    };
  }
  return row;
}

/** The state a proposal starts: its mapping, its table name (unless the user typed one), no key. */
export function mappingFromProposal(proposal: ImportProposal, previous?: MappingState): MappingState {
  const bySource = new Map(proposal.mapping.map((entry) => [entry.source, entry]));
  const rows = proposal.columns.map((column) =>
    rowOf(bySource.get(column.index) ?? { source: column.index, skip: true }, proposal),
  );
  const keep = previous?.tableNameTouched === true;
  const keySource =
    previous?.keySource != null && rows.some((row) => row.source === previous.keySource)
      ? previous.keySource
      : null;
  return {
    rows,
    tableName: keep ? previous.tableName : proposal.table_name,
    tableNameTouched: keep,
    keySource,
  };
}

function updateRow(state: MappingState, source: number, change: Partial<MappingRow>): MappingState {
  return {
    ...state,
    rows: state.rows.map((row) => (row.source === source ? { ...row, ...change } : row)),
  };
}

export function mappingReducer(state: MappingState, action: MappingAction): MappingState {
  switch (action.type) {
    case 'proposal':
      return mappingFromProposal(action.proposal, state);
    case 'target': {
      const next = updateRow(state, action.source, {
        target: action.target,
        columnId: action.target === 'existing' ? (action.columnId ?? '') : '',
      });
      // A skipped column cannot be the key.
      return action.target === 'skip' && state.keySource === action.source
        ? { ...next, keySource: null }
        : next;
    }
    case 'name':
      return updateRow(state, action.source, { name: action.name });
    case 'column-type':
      return updateRow(state, action.source, { type: action.columnType });
    case 'currency':
      return updateRow(state, action.source, { currency: action.currency });
    case 'date-format':
      return updateRow(state, action.source, { dateFormat: action.dateFormat });
    case 'decimal-separator':
      return updateRow(state, action.source, { decimalSeparator: action.separator });
    case 'table-name':
      return { ...state, tableName: action.name, tableNameTouched: true };
    case 'key':
      return { ...state, keySource: action.source };
  }
}

/** Where the rows go: an existing table (its columns can be mapped to) or a new one. */
export type ImportDestination = { tableId: string; columns: TableColumn[] } | { tableId: null };

/** Field errors by source column ('name', 'column', 'currency'), plus the table name and the form. */
export interface MappingErrors {
  rows: Record<number, Partial<Record<'name' | 'column' | 'currency', string>>>;
  tableName?: string;
  form?: string;
}

export type MappingCheck = { ok: true; input: ConfirmImportInput } | { ok: false; errors: MappingErrors };

function typeOfRow(row: MappingRow, destination: ImportDestination): ColumnType | undefined {
  if (row.target === 'new') return row.type;
  if (row.target === 'existing' && destination.tableId !== null)
    return destination.columns.find((column) => column.id === row.columnId)?.type;
  return undefined;
}

function entryOf(row: MappingRow, destination: ImportDestination): ImportMappingEntry {
  const type = typeOfRow(row, destination);
  const dateFormat = type === 'date' && row.dateFormat ? { date_format: row.dateFormat } : {};
  const decimal =
    type === 'currency' && row.decimalSeparator ? { decimal_separator: row.decimalSeparator } : {};
  if (row.target === 'skip') return { source: row.source, skip: true };
  if (row.target === 'existing')
    return { source: row.source, column_id: row.columnId, ...dateFormat, ...decimal };
  const column: ColumnInput = { name: row.name.trim(), type: row.type };
  if (row.type === 'currency') column.currency = row.currency.trim().toUpperCase();
  if (row.type === 'single_select' && row.options) column.options = row.options;
  return { source: row.source, new_column: column, ...dateFormat, ...decimal };
}

/**
 * Checks the mapping and builds the confirm body: every kept column named once (not clashing with
 * the table's columns), existing columns chosen once each, 3-letter currency codes, at least one
 * column kept, a table name for a new table. `read` is how the file was read for the proposal.
 */
export function checkMapping(
  state: MappingState,
  destination: ImportDestination,
  read: Pick<ImportProposal, 'sheet' | 'delimiter' | 'has_header' | 'qif_date_format'>,
): MappingCheck {
  const errors: MappingErrors = { rows: {} };
  const taken = new Map<string, number>();
  const existingNames = new Set(
    destination.tableId === null ? [] : destination.columns.map((column) => column.name.trim().toLowerCase()),
  );
  const chosen = new Set<string>();
  const fail = (source: number, field: 'name' | 'column' | 'currency', message: string) => {
    errors.rows[source] = { ...errors.rows[source], [field]: message };
  };
  for (const row of state.rows) {
    if (row.target === 'new') {
      const name = row.name.trim();
      const key = name.toLowerCase();
      if (!name) fail(row.source, 'name', 'Name the column');
      else if (name.length > 100) fail(row.source, 'name', 'Use at most 100 characters');
      else if (existingNames.has(key))
        fail(row.source, 'name', 'The table already has a column with this name');
      else if (taken.has(key)) fail(row.source, 'name', 'Another column has this name');
      taken.set(key, row.source);
      if (row.type === 'currency' && !/^[A-Za-z]{3}$/.test(row.currency.trim()))
        fail(row.source, 'currency', 'Use a 3-letter currency code');
    } else if (row.target === 'existing') {
      if (!row.columnId) fail(row.source, 'column', 'Choose a column of the table');
      else if (chosen.has(row.columnId)) fail(row.source, 'column', 'Another source column goes here');
      chosen.add(row.columnId);
    }
  }
  if (destination.tableId === null && !state.tableName.trim()) errors.tableName = 'Name the table';
  if (state.rows.every((row) => row.target === 'skip')) errors.form = 'Keep at least one column';
  if (Object.keys(errors.rows).length > 0 || errors.tableName || errors.form) return { ok: false, errors };

  const options: ConfirmImportInput['options'] = { has_header: read.has_header };
  if (read.sheet) options.sheet = read.sheet;
  if (read.delimiter) options.delimiter = read.delimiter;
  if (read.qif_date_format) options.qif_date_format = read.qif_date_format;
  if (state.keySource !== null) options.key_source = state.keySource;
  return {
    ok: true,
    input: {
      target:
        destination.tableId === null
          ? { new_table: { name: state.tableName.trim() } }
          : { table_id: destination.tableId },
      mapping: state.rows.map((row) => entryOf(row, destination)),
      options,
    },
  };
}
