import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Link } from 'react-router';
import { classNames } from '../../shared/lib/class-names.ts';
import type { NavGroup } from '../../shared/navigation/sidebar-items.ts';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { useLogoText, useThemeConfig } from '../../shared/theme/organization-theme.ts';
import { SidebarNav } from './sidebar-nav.tsx';

/** Desktop sidebar (lg and up): logo, main navigation, collapse toggle (persisted as mainSidebarOpen). */
export function Sidebar({ groups, loading }: { groups: NavGroup[]; loading: boolean }) {
  const open = useUiStore((state) => state.mainSidebarOpen);
  const toggle = useUiStore((state) => state.toggleMainSidebar);
  const { logo_mark, authenticator } = useThemeConfig();
  const logoText = useLogoText();

  return (
    <aside
      className={classNames(
        'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-zinc-200 bg-white transition-[width] duration-200 lg:flex',
        'dark:border-zinc-800 dark:bg-zinc-900',
        open ? 'w-64' : 'w-[76px]',
      )}
    >
      <div
        className={classNames(
          'flex h-16 shrink-0 items-center border-b border-zinc-200 dark:border-zinc-800',
          open ? 'px-5' : 'justify-center',
        )}
      >
        <Link
          to="/dashboard"
          className="flex items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          {open ? (
            <img
              src={logoText}
              alt={authenticator}
              className="h-8 max-w-[180px] object-contain object-left"
            />
          ) : (
            <img src={logo_mark} alt={authenticator} className="size-9 rounded-lg object-contain" />
          )}
        </Link>
      </div>
      <SidebarNav groups={groups} collapsed={!open} loading={loading} />
      <div className="shrink-0 border-t border-zinc-200 p-3 dark:border-zinc-800">
        <button
          type="button"
          onClick={toggle}
          aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
          title={open ? 'Collapse sidebar' : 'Expand sidebar'}
          className={classNames(
            'flex h-9 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-zinc-500 transition-colors',
            'hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand',
            'dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
            !open && 'justify-center px-0',
          )}
        >
          {open ? (
            <PanelLeftClose aria-hidden="true" className="size-[18px]" />
          ) : (
            <PanelLeftOpen aria-hidden="true" className="size-[18px]" />
          )}
          {open && <span aria-hidden="true">Collapse</span>}
        </button>
      </div>
    </aside>
  );
}
