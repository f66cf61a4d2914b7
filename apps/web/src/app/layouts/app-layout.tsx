import { SIDEBAR_SKELETON_MS } from '@counterpart/domain';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useVisibleNav } from '../../shared/navigation/use-visible-nav.ts';
import { useRealtimeFeed } from '../realtime/realtime-feed.ts';
import { AppFooter } from './app-footer.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * App layout (spec §2): sidebar or drawer, top bar, breadcrumbs and heading, page, footer, cookie banner;
 * while it is shown the tab follows the organization's real-time feed.
 */
export function AppLayout() {
  const groups = useVisibleNav();
  const [navLoading, setNavLoading] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useRealtimeFeed();

  useEffect(() => {
    const timer = setTimeout(() => setNavLoading(false), SIDEBAR_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-zinc-900"
      >
        Skip to content
      </a>
      <Sidebar groups={groups} loading={navLoading} />
      <MobileDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        groups={groups}
        loading={navLoading}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar onOpenNavigation={() => setDrawerOpen(true)} />
        <main id="main-content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
          <BreadcrumbBar />
          <div className="flex-1 px-4 pt-4 pb-10 sm:px-6 lg:px-8">
            <Outlet />
          </div>
        </main>
        <AppFooter />
      </div>
      <CookieBanner />
    </div>
  );
}
