import { NavLink } from 'react-router';
import { classNames } from '../../shared/lib/class-names.ts';
import type { NavGroup } from '../../shared/navigation/sidebar-items.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';

export interface SidebarNavProps {
  groups: NavGroup[];
  /** Icons only (collapsed desktop sidebar); labels stay available to assistive technology. */
  collapsed?: boolean;
  /** Placeholder rows during the first second (spec §2 sidebar skeleton). */
  loading?: boolean;
}

function NavSkeleton({ collapsed }: { collapsed: boolean }) {
  return (
    <div role="status" aria-label="Loading navigation" className="space-y-5">
      {[1, 4, 2, 2].map((rows, group) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed placeholder list.
        <div key={group} className="space-y-2">
          {group > 0 && !collapsed && <Skeleton className="mx-3 h-3 w-24" />}
          {Array.from({ length: rows }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed placeholder list.
            <div key={row} className="flex items-center gap-3 px-3 py-1.5">
              <Skeleton className="size-5 shrink-0" />
              {!collapsed && <Skeleton className="h-4 flex-1" />}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The main navigation: groups of links, filtered beforehand by permission. */
export function SidebarNav({ groups, collapsed = false, loading = false }: SidebarNavProps) {
  return (
    <nav aria-label="Main" className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-4">
      {loading ? (
        <NavSkeleton collapsed={collapsed} />
      ) : (
        groups.map((group) => (
          <div key={group.label ?? 'home'} className="mb-5 last:mb-0">
            {group.label &&
              (collapsed ? (
                <hr className="mx-2 mb-3 border-zinc-200 dark:border-zinc-800" />
              ) : (
                <p
                  id={`nav-${group.label.replaceAll(' ', '-').toLowerCase()}`}
                  className="mb-1.5 px-3 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-500"
                >
                  {group.label}
                </p>
              ))}
            <ul
              className="space-y-0.5"
              aria-labelledby={
                group.label && !collapsed
                  ? `nav-${group.label.replaceAll(' ', '-').toLowerCase()}`
                  : undefined
              }
            >
              {group.items.map((item) => (
                <li key={item.key}>
                  <NavLink
                    to={item.to}
                    title={collapsed ? item.label : undefined}
                    className={({ isActive }) =>
                      classNames(
                        'group relative flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand',
                        collapsed && 'justify-center px-0',
                        isActive
                          ? 'bg-brand/10 text-zinc-900 dark:bg-brand/15 dark:text-white'
                          : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100',
                      )
                    }
                  >
                    {({ isActive }) => (
                      <>
                        {isActive && (
                          <span
                            aria-hidden="true"
                            className="absolute inset-y-1.5 left-0 w-1 rounded-r-full bg-brand"
                          />
                        )}
                        <item.icon
                          aria-hidden="true"
                          className={classNames(
                            'size-[18px] shrink-0',
                            isActive
                              ? 'text-brand-text'
                              : 'text-zinc-400 group-hover:text-zinc-600 dark:group-hover:text-zinc-300',
                          )}
                        />
                        <span className={collapsed ? 'sr-only' : 'truncate'}>{item.label}</span>
                      </>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </nav>
  );
}
