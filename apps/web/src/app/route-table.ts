import type { RouteObject } from 'react-router';
import { ROUTE_ACCESS } from '../shared/navigation/route-access-table.ts';
import { APP_PAGES } from './app-pages.ts';
import { DATA_SOURCE_PAGES } from './data-source-pages.ts';
import { FLAT_PAGES } from './flat-pages.ts';
import type { PageRoute, RouteHandle } from './route-handle.ts';

function toRouteObject({ path, page, ...rest }: PageRoute): RouteObject {
  const handle: RouteHandle = { ...rest, access: ROUTE_ACCESS[rest.name] };
  if (path === '/') return { index: true, handle, lazy: page };
  return { path: path === '*' ? '*' : path.slice(1), handle, lazy: page };
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
