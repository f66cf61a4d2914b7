import { ChevronRight, House } from 'lucide-react';
import { Link } from 'react-router';
import { canOpenRoute } from '../../shared/navigation/sidebar-items.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { usePageHeadingStore } from '../../shared/stores/page-heading-store.ts';
import { useRouteHandle } from '../use-route-handle.ts';

const CRUMB = 'block';

/**
 * Breadcrumbs (home icon, then the route's crumbs; the last is the current page) and the page heading: the item
 * the page shows (a table's, workflow's or person's name) once it has loaded, else the route's title.
 */
export function BreadcrumbBar() {
  const matched = useRouteHandle();
  const itemName = usePageHeadingStore((state) => state.itemName);
  const roles = useSessionStore((state) => state.roles);
  const productKey = useSessionStore((state) => state.productKey);
  if (!matched) return null;
  const { handle, params } = matched;
  const crumbs = handle.crumbs?.(params) ?? [];

  return (
    <div className="px-4 pt-5 pb-2 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex min-w-0 flex-wrap items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          <li className="flex items-center">
            <Link
              to="/dashboard"
              aria-label="Dashboard"
              title="Dashboard"
              className="rounded p-0.5 transition-colors hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:hover:text-zinc-100"
            >
              <House aria-hidden="true" className="size-4" />
            </Link>
          </li>
          {crumbs.map((crumb, index) => {
            const active = index === crumbs.length - 1;
            // A crumb whose page the user may not open is text, not a link to Unauthorized.
            const to = crumb.route && !canOpenRoute(crumb.route, roles, productKey) ? undefined : crumb.to;
            return (
              <li key={`${crumb.text}-${crumb.to ?? ''}`} className="flex min-w-0 items-center gap-1.5">
                <ChevronRight
                  aria-hidden="true"
                  className="size-3.5 shrink-0 text-zinc-300 dark:text-zinc-600"
                />
                {active || !to ? (
                  <span
                    aria-current={active ? 'page' : undefined}
                    title={crumb.text}
                    className={`${CRUMB} max-w-[300px] truncate font-medium text-zinc-900 dark:text-zinc-100`}
                  >
                    {crumb.text}
                  </span>
                ) : (
                  <Link
                    to={to}
                    title={crumb.text}
                    className={`${CRUMB} max-w-[300px] truncate rounded transition-colors hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:hover:text-zinc-100`}
                  >
                    {crumb.text}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {!handle.ownHeading && (
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          {itemName ?? handle.title}
        </h1>
      )}
    </div>
  );
}
