import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '@counterpart/contracts';
import { SearchInput } from '../../shared/ui/search-input.tsx';
import { KIND_LABELS, STATUS_DISPLAY } from './document-status.ts';
import type { DocumentsView } from './documents-api.ts';

const SORTS = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'file_name:asc', label: 'Name A–Z' },
  { value: 'file_name:desc', label: 'Name Z–A' },
  { value: 'size_bytes:desc', label: 'Largest first' },
  { value: 'status:asc', label: 'Status' },
] as const;

const FIELD =
  'h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 ' +
  'dark:[color-scheme:dark]';

/** Search, type, status, uploaded from/to and sort of the documents list. */
export function DocumentsFilters({
  view,
  onChange,
}: {
  view: DocumentsView;
  onChange: (change: Partial<DocumentsView>) => void;
}) {
  const set = (change: Partial<DocumentsView>) => onChange({ ...change, page_no: 1 });
  return (
    <div className="grid grid-cols-2 gap-2 px-4 py-3 sm:flex sm:flex-wrap sm:items-end sm:px-5">
      <SearchInput
        label="Search documents"
        placeholder="Search names and text"
        defaultValue={view.search ?? ''}
        onSearch={(text) => set({ search: text.trim() || undefined })}
        className="col-span-2 sm:w-64"
      />
      <label className="flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        Type
        <select
          className={FIELD}
          value={view.kind ?? ''}
          onChange={(e) => set({ kind: (e.target.value || undefined) as DocumentsView['kind'] })}
        >
          <option value="">All types</option>
          {DOCUMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        Status
        <select
          className={FIELD}
          value={view.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as DocumentsView['status'] })}
        >
          <option value="">All statuses</option>
          {DOCUMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_DISPLAY[status].label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        Uploaded from
        <input
          type="date"
          className={FIELD}
          value={view.from ?? ''}
          max={view.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        Uploaded to
        <input
          type="date"
          className={FIELD}
          value={view.to ?? ''}
          min={view.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </label>
      <label className="col-span-2 flex flex-col gap-1 text-xs text-zinc-500 sm:col-span-1 dark:text-zinc-400">
        Sort
        <select
          className={FIELD}
          value={`${view.sort}:${view.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [
              DocumentsView['sort'],
              DocumentsView['order'],
            ];
            set({ sort, order });
          }}
        >
          {SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
