import { ChevronLeft, ChevronRight } from 'lucide-react';
import { classNames } from '../../shared/lib/class-names.ts';
import { IconButton } from '../../shared/ui/button.tsx';

/** Previous / next page of a document shown page by page ("Page 2 of 3"); nothing for one page. */
export function PageStepper({
  page,
  pages,
  onPage,
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <div className={classNames('flex items-center gap-1 text-sm', className)}>
      <IconButton label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
      </IconButton>
      <span className="tabular-nums">
        Page {page} of {pages}
      </span>
      <IconButton label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRight aria-hidden="true" />
      </IconButton>
    </div>
  );
}
