import type { BlockDefinition, BlockParameter, BlockPort, PortKind } from '@counterpart/contracts';

/**
 * The blocks a workflow is built from (GET blocks → nodes): each with its inputs and outputs (the
 * kinds the editor and `validateGraph` check connections by), its parameters (the editor's side
 * panel is generated from them) and help text. Blocks that need something the organization does
 * not have yet are listed as unavailable, with the reason.
 */

const input = (name: string, label: string, kind: PortKind, extra: Partial<BlockPort> = {}): BlockPort => ({
  name,
  label,
  kind,
  required: true,
  multiple: false,
  ...extra,
});
const output = (name: string, label: string, kind: PortKind): BlockPort => ({
  name,
  label,
  kind,
  required: false,
  multiple: false,
});
const param = (
  name: string,
  label: string,
  type: BlockParameter['type'],
  extra: Partial<BlockParameter> = {},
): BlockParameter => ({ name, label, type, required: false, help: '', ...extra });
const options = (...values: Array<[string, string]>) => values.map(([value, label]) => ({ value, label }));

/** Every block starts from Home (directly or through others), so a run has one root. */
const start = input('start', 'Start', 'any');

export const BLOCKS: BlockDefinition[] = [
  {
    type: 'home',
    typeVersion: 1,
    name: 'Home',
    category: 'start',
    description: 'Where every run starts. Declares what a run asks for: the files to upload and any values.',
    inputs: [],
    outputs: [output('start', 'Start', 'any')],
    parameters: [
      param('inputs', 'Run inputs', 'json', {
        help: 'Extra values asked for when a run starts, e.g. [{ "name": "period", "label": "Period" }].',
        default: [],
      }),
    ],
    available: true,
  },
  {
    type: 'upload_document',
    typeVersion: 1,
    name: 'Upload document',
    category: 'input',
    description: 'A file the person starting the run uploads (a bank statement, a ledger export…).',
    inputs: [start],
    outputs: [output('file', 'File', 'file')],
    parameters: [
      param('label', 'What to upload', 'text', {
        required: true,
        help: 'Shown when a run starts, e.g. "Bank statement".',
      }),
      param('accept', 'Accepted files', 'select', {
        options: options(
          ['any', 'Any'],
          ['csv', 'CSV / TSV'],
          ['xlsx', 'Excel'],
          ['statement', 'Bank statement'],
          ['pdf', 'PDF'],
        ),
        default: 'any',
      }),
    ],
    available: true,
  },
  {
    type: 'table',
    typeVersion: 1,
    name: 'Table',
    category: 'input',
    description: 'The rows of one of your tables, read when the run reaches this block.',
    inputs: [start],
    outputs: [output('rows', 'Rows', 'table')],
    parameters: [param('table_id', 'Table', 'table', { required: true })],
    available: true,
  },
  {
    type: 'documents',
    typeVersion: 1,
    name: 'Documents',
    category: 'input',
    description: 'Documents from the drop box: by type and processing status.',
    inputs: [start],
    outputs: [output('documents', 'Documents', 'documents')],
    parameters: [
      param('kind', 'Type', 'select', {
        options: options(
          ['any', 'Any'],
          ['pdf', 'PDF'],
          ['image', 'Image'],
          ['csv', 'CSV'],
          ['xlsx', 'Excel'],
        ),
        default: 'any',
      }),
      param('status', 'Status', 'select', {
        options: options(['processed', 'Processed'], ['ocr_needed', 'OCR needed'], ['any', 'Any']),
        default: 'processed',
      }),
      param('uploaded_within_days', 'Uploaded in the last … days', 'number', {
        min: 1,
        help: 'Leave empty for documents uploaded at any time.',
      }),
      param('name_contains', 'Name contains', 'text', { help: 'Part of the file name, any case.' }),
    ],
    available: true,
  },
  {
    type: 'integration',
    typeVersion: 1,
    name: 'Integration',
    category: 'input',
    description: 'Accounting documents (open invoices, payments) pulled from a connected ERP.',
    inputs: [start],
    outputs: [output('rows', 'Accounting documents', 'table')],
    parameters: [
      param('integration_id', 'Integration', 'text', { required: true }),
      param('kind', 'Documents', 'select', {
        options: options(['invoice', 'Invoices'], ['payment', 'Payments'], ['credit_note', 'Credit notes']),
        default: 'invoice',
      }),
    ],
    available: false,
    unavailable_reason: 'Connect an ERP under Integrations first',
  },
  {
    type: 'parse_file',
    typeVersion: 1,
    name: 'Parse file',
    category: 'processing',
    description:
      'Reads a CSV, Excel or bank statement file into rows (statements into normalised transactions); given a Documents list, reads each document into one set of rows with a "Source document" column.',
    inputs: [input('file', 'File', 'file')],
    outputs: [output('rows', 'Rows', 'table')],
    parameters: [
      param('sheet', 'Sheet', 'text', { help: 'Excel only: the sheet to read (the first by default).' }),
      param('has_header', 'First line is a header', 'boolean', { default: true }),
    ],
    available: true,
  },
  {
    type: 'extract_with_model',
    typeVersion: 1,
    name: 'Extract with model',
    category: 'processing',
    description:
      'Extracts fields (invoice number, total, date…) from documents with a data extraction model.',
    inputs: [input('documents', 'Documents', 'documents')],
    outputs: [output('rows', 'Extracted fields', 'table')],
    parameters: [
      param('model_id', 'Model', 'model', { required: true, help: 'A ready model of Data Extraction.' }),
      param('rows', 'Rows', 'select', {
        default: 'document',
        options: options(['document', 'One per document'], ['line_items', 'One per line item']),
        help: 'One per line item needs a model with a line-items label.',
      }),
    ],
    available: true,
  },
  {
    type: 'clean_currency',
    typeVersion: 1,
    name: 'Clean currency',
    category: 'processing',
    description: 'Turns amounts written as text ("(1,234.50)", "1 234.50-", "KES 1,200") into exact amounts.',
    inputs: [input('rows', 'Rows', 'table')],
    outputs: [output('rows', 'Rows', 'table')],
    parameters: [
      param('columns', 'Amount columns', 'multiselect', { required: true }),
      param('currency', 'Currency', 'text', { default: 'KES' }),
    ],
    available: true,
  },
  {
    type: 'map_columns',
    typeVersion: 1,
    name: 'Map / rename columns',
    category: 'processing',
    description: 'Renames, keeps or drops columns so two sources line up.',
    inputs: [input('rows', 'Rows', 'table')],
    outputs: [output('rows', 'Rows', 'table')],
    parameters: [
      param('mapping', 'Columns', 'json', {
        required: true,
        help: '[{ "from": "Txn Ref", "to": "reference" }]; columns not listed are dropped.',
      }),
    ],
    available: true,
  },
  {
    type: 'filter_rows',
    typeVersion: 1,
    name: 'Filter rows',
    category: 'processing',
    description: 'Keeps the rows that meet a condition; the others go out of "Other rows".',
    inputs: [input('rows', 'Rows', 'table')],
    outputs: [output('rows', 'Matching rows', 'table'), output('rest', 'Other rows', 'table')],
    parameters: [
      param('column', 'Column', 'column', { required: true }),
      param('operator', 'Condition', 'select', {
        required: true,
        options: options(
          ['equals', 'equals'],
          ['contains', 'contains'],
          ['greater_than', 'greater than'],
          ['less_than', 'less than'],
          ['is_empty', 'is empty'],
          ['is_not_empty', 'is not empty'],
        ),
        default: 'equals',
      }),
      param('value', 'Value', 'text'),
    ],
    available: true,
  },
  {
    type: 'deduplicate',
    typeVersion: 1,
    name: 'Deduplicate',
    category: 'processing',
    description: 'Keeps the first row of each key; repeats go out of "Duplicates".',
    inputs: [input('rows', 'Rows', 'table')],
    outputs: [output('rows', 'Unique rows', 'table'), output('duplicates', 'Duplicates', 'table')],
    parameters: [param('columns', 'Key columns', 'multiselect', { required: true })],
    available: true,
  },
  {
    type: 'reconcile',
    typeVersion: 1,
    name: 'Reconcile',
    category: 'reconcile',
    description: 'Matches the left rows (e.g. bank) with the right rows (e.g. ledger) by a rule set.',
    inputs: [input('left', 'Left', 'table'), input('right', 'Right', 'table')],
    outputs: [
      output('matched', 'Matched', 'recon'),
      output('partial', 'Partial', 'recon'),
      output('suggested', 'Suggested', 'recon'),
      output('unmatched', 'Unmatched', 'table'),
    ],
    parameters: [
      param('rule_set', 'Rule set', 'rule_set', {
        required: true,
        default: 'default',
        help: 'A saved rule set, or "default" for the organization’s default rules.',
      }),
    ],
    available: true,
  },
  {
    type: 'write_to_table',
    typeVersion: 1,
    name: 'Write to table',
    category: 'output',
    description: 'Writes rows (or reconciliation results) into a table: a new one or an existing one.',
    inputs: [input('rows', 'Rows', 'any', { multiple: true })],
    outputs: [output('rows', 'Written rows', 'table')],
    parameters: [
      param('table_id', 'Table', 'table', { help: 'Leave empty to create a new table named below.' }),
      param('table_name', 'New table name', 'text'),
      param('mode', 'Mode', 'select', {
        options: options(['append', 'Append'], ['replace', 'Replace the rows']),
        default: 'append',
      }),
    ],
    available: true,
  },
  {
    type: 'dashboard',
    typeVersion: 1,
    name: 'Dashboard',
    category: 'output',
    description: 'A dashboard of the run: match rate, counts and amounts per status, unreconciled items.',
    inputs: [input('results', 'Results', 'recon', { multiple: true })],
    outputs: [output('dashboard', 'Dashboard', 'dashboard')],
    parameters: [param('title', 'Title', 'text', { required: true, default: 'Reconciliation' })],
    available: true,
  },
  {
    type: 'export_file',
    typeVersion: 1,
    name: 'Export file',
    category: 'output',
    description: 'Writes its input as a CSV or Excel file to download from the run.',
    inputs: [input('data', 'Data', 'any')],
    outputs: [output('file', 'File', 'file')],
    parameters: [
      param('format', 'Format', 'select', {
        options: options(['csv', 'CSV'], ['xlsx', 'Excel']),
        default: 'csv',
      }),
      param('file_name', 'File name', 'text', { required: true }),
    ],
    available: true,
  },
  {
    type: 'post_to_erp',
    typeVersion: 1,
    name: 'Post to ERP',
    category: 'output',
    description: 'Posts allocations, adjustments or documents to a connected ERP.',
    inputs: [input('data', 'Data', 'any')],
    outputs: [],
    parameters: [
      param('integration_id', 'Integration', 'text', { required: true }),
      param('operation', 'Operation', 'select', {
        required: true,
        options: options(['allocations', 'Post allocations'], ['adjustments', 'Post adjustments']),
      }),
    ],
    available: false,
    unavailable_reason: 'Connect an ERP under Integrations first',
  },
  {
    type: 'notify',
    typeVersion: 1,
    name: 'Notify',
    category: 'output',
    description: 'Sends an e-mail and an in-app notification when the run gets here (e.g. the exceptions).',
    inputs: [input('data', 'Data', 'any', { required: false, multiple: true })],
    outputs: [output('sent', 'Sent', 'any')],
    parameters: [
      param('recipients', 'Recipients', 'text', {
        help: 'E-mail addresses, separated by commas. Empty: the person who started the run.',
      }),
      param('subject', 'Subject', 'text', { required: true }),
      param('message', 'Message', 'text', { help: 'Written above the summary of what the block receives.' }),
      param('when', 'When', 'select', {
        options: options(['always', 'Always'], ['exceptions', 'Only when there are unmatched items']),
        default: 'always',
      }),
    ],
    available: true,
  },
];

/** Each block type's name, for messages and progress. */
export const BLOCK_NAMES: ReadonlyMap<string, string> = new Map(
  BLOCKS.map((block) => [block.type, block.name]),
);
