import type { ColumnType, FilterOperator, ItemFilter, TableColumn } from '@counterpart/contracts';

/** The pseudo column the tables API filters on for a row's reconciliation status (op `status`). */
export const RECON_STATUS_COLUMN = 'recon_status';
export const RECON_STATUSES = ['reconciled', 'partial', 'suggested', 'unreconciled'] as const;
export type RowReconStatus = (typeof RECON_STATUSES)[number];

/** The filter on reconciliation statuses, or null when none is a status (e.g. from a URL). */
export function reconStatusFilter(values: string[]): ItemFilter | null {
  const wanted = RECON_STATUSES.filter((status) => values.includes(status));
  return wanted.length > 0 ? { column_id: RECON_STATUS_COLUMN, op: 'status', values: wanted } : null;
}

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  equals: 'equals',
  contains: 'contains',
  between: 'is between',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  status: 'is any of',
};

/** The filters that make sense for a column type (contains for text, between for figures and dates, …). */
export function operatorsFor(type: ColumnType): FilterOperator[] {
  switch (type) {
    case 'text':
      return ['contains', 'equals', 'is_empty', 'is_not_empty'];
    case 'number':
    case 'currency':
    case 'date':
      return ['between', 'equals', 'is_empty', 'is_not_empty'];
    case 'single_select':
      return ['status', 'equals', 'is_empty', 'is_not_empty'];
    case 'boolean':
      return ['equals', 'is_empty', 'is_not_empty'];
    case 'link':
      return ['is_empty', 'is_not_empty'];
  }
}

export interface FilterDraft {
  op: FilterOperator;
  value: string;
  from: string;
  to: string;
}

/** The filter to send, or a message saying what is missing. */
export function buildFilter(column: TableColumn, draft: FilterDraft): ItemFilter | string {
  const base = { column_id: column.id, op: draft.op };
  switch (draft.op) {
    case 'is_empty':
    case 'is_not_empty':
      return base;
    case 'between': {
      const from = draft.from.trim();
      const to = draft.to.trim();
      if (!from && !to) return 'Give a lower or an upper bound';
      return { ...base, ...(from ? { from } : {}), ...(to ? { to } : {}) };
    }
    case 'status': {
      const values = draft.value
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
      return values.length > 0 ? { ...base, values } : 'Choose at least one value';
    }
    default: {
      const value = draft.value.trim();
      if (!value) return 'Give a value';
      if (column.type === 'boolean') return { ...base, value: value === 'true' };
      return { ...base, value };
    }
  }
}

/** A filter in words, for its chip: "Amount is between 100 and 500". */
export function describeFilter(column: TableColumn | undefined, filter: ItemFilter): string {
  if (filter.column_id === RECON_STATUS_COLUMN) return `Status is any of ${(filter.values ?? []).join(', ')}`;
  const name = column?.name ?? 'Removed column';
  const label = OPERATOR_LABELS[filter.op];
  if (filter.op === 'is_empty' || filter.op === 'is_not_empty') return `${name} ${label}`;
  if (filter.op === 'between') {
    if (filter.from !== undefined && filter.to !== undefined)
      return `${name} ${label} ${filter.from} and ${filter.to}`;
    return filter.from !== undefined ? `${name} from ${filter.from}` : `${name} up to ${filter.to}`;
  }
  if (filter.op === 'status') return `${name} ${label} ${(filter.values ?? []).join(', ')}`;
  const value =
    typeof filter.value === 'boolean' ? (filter.value ? 'Yes' : 'No') : String(filter.value ?? '');
  return `${name} ${label} ${value}`;
}
