import type { RouteObject } from 'react-router';
import { APP_PAGES } from './app-pages.ts';
import { DATA_SOURCE_PAGES } from './data-source-pages.ts';
import { FLAT_PAGES } from './flat-pages.ts';
import type { RouteAccess } from './route-access.ts';
import type { PageRoute } from './route-handle.ts';

function toRouteObject({ path, page, ...handle }: PageRoute): RouteObject {
  if (path === '/') return { index: true, handle, lazy: page };
  return { path: path === '*' ? '*' : path.slice(1), handle, lazy: page };
}

/** The access rule of a page by its spec name (the sidebar shows an item only when its route passes). */
export function accessOf(name: string): RouteAccess {
  const page = [...APP_PAGES, ...DATA_SOURCE_PAGES, ...FLAT_PAGES].find(
    (candidate) => candidate.name === name,
  );
  if (!page) throw new Error(`Unknown route name: ${name}`);
  return page.access;
}

/** The two layouts with their pages; the layouts are their own lazy chunks too. */
export const layoutRoutes: RouteObject[] = [
  {
    id: 'flat-layout',
    lazy: () => import('./layouts/flat-layout.tsx').then((m) => ({ Component: m.FlatLayout })),
    children: FLAT_PAGES.map(toRouteObject),
  },
  {
    id: 'app-layout',
    lazy: () => import('./layouts/app-layout.tsx').then((m) => ({ Component: m.AppLayout })),
    children: [...APP_PAGES, ...DATA_SOURCE_PAGES].map(toRouteObject),
  },
];
