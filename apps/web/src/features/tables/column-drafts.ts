import type { ColumnInput, ColumnType } from '@counterpart/contracts';
import { DEFAULT_CURRENCY } from '@counterpart/domain';

/** A column being written in a form: options are typed as one comma-separated text. */
export interface ColumnDraft {
  key: string;
  name: string;
  type: ColumnType;
  optionsText: string;
  currency: string;
  /** Link columns: the table whose records the cells point at. */
  linkTableId: string;
}

export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  number: 'Number',
  currency: 'Currency',
  date: 'Date',
  boolean: 'Yes / No',
  single_select: 'Single select',
  link: 'Link',
};

let draftCount = 0;

export function newColumnDraft(type: ColumnType = 'text'): ColumnDraft {
  draftCount += 1;
  return {
    key: `column-${draftCount}`,
    name: '',
    type,
    optionsText: '',
    currency: DEFAULT_CURRENCY,
    linkTableId: '',
  };
}

export interface DraftCheck {
  columns: ColumnInput[];
  /** Errors by draft key, then by field ('name', 'options', 'currency', 'link_table_id'). */
  errors: Record<string, Partial<Record<'name' | 'options' | 'currency' | 'link_table_id', string>>>;
}

/** Turns drafts into the API's column inputs, with a message for each field that cannot be sent. */
export function checkColumnDrafts(drafts: ColumnDraft[]): DraftCheck {
  const columns: ColumnInput[] = [];
  const errors: DraftCheck['errors'] = {};
  const seen = new Set<string>();
  for (const draft of drafts) {
    const fieldErrors: DraftCheck['errors'][string] = {};
    const name = draft.name.trim();
    if (!name) fieldErrors.name = 'Name the column';
    else if (seen.has(name.toLowerCase())) fieldErrors.name = 'Another column has this name';
    seen.add(name.toLowerCase());
    const column: ColumnInput = { name, type: draft.type };
    if (draft.type === 'single_select') {
      const options = [...new Set(draft.optionsText.split(',').map((option) => option.trim()))].filter(
        Boolean,
      );
      if (options.length === 0) fieldErrors.options = 'Give at least one option';
      column.options = options;
    }
    if (draft.type === 'currency') {
      const code = draft.currency.trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(code)) fieldErrors.currency = 'Use a 3-letter currency code';
      column.currency = code;
    }
    if (draft.type === 'link') {
      if (!draft.linkTableId) fieldErrors.link_table_id = 'Choose the linked table';
      column.link_table_id = draft.linkTableId;
    }
    if (Object.keys(fieldErrors).length > 0) errors[draft.key] = fieldErrors;
    columns.push(column);
  }
  return { columns, errors };
}
