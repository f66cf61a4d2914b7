import { Button } from './button.tsx';

export interface PageNavProps {
  pageNo: number;
  pageSize: number;
  total: number;
  onPage: (pageNo: number) => void;
}

/** Previous / Next under a paginated list; nothing when everything fits on one page. */
export function PageNav({ pageNo, pageSize, total, onPage }: PageNavProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between border-t border-zinc-200 px-4 py-3 text-sm sm:px-5 dark:border-zinc-800"
    >
      <span className="text-zinc-500 dark:text-zinc-400">
        Page {pageNo} of {pages}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
