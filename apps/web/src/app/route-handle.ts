import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { RouteName } from '../shared/navigation/route-access-table.ts';
import type { RouteAccess } from '../shared/session/route-access.ts';

/** One breadcrumb: its text and, unless it is the current page, where it leads. */
export interface Crumb {
  text: string;
  to?: string;
  /**
   * The route `to` opens: the crumb links only when the user may open it (the sidebar's rule), so a viewer
   * reading a table is never sent to Unauthorized by the "Tables" crumb.
   */
  route?: RouteName;
}

/** What the guard and the app layout read from the matched route (`useMatches()[n].handle`). */
export interface RouteHandle {
  /** The spec's route name (§2 table). */
  name: string;
  access: RouteAccess;
  /** Page heading (h1) under the breadcrumbs. */
  title: string;
  /** The page renders its own h1 (no heading in the breadcrumb bar). */
  ownHeading?: boolean;
  crumbs?: (params: Params) => Crumb[];
}

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/** A page of the route table; its access rule comes by name from ROUTE_ACCESS (shared/navigation). */
export interface PageRoute extends Omit<RouteHandle, 'access'> {
  name: RouteName;
  /** Path as in spec §2 ('/' is the index route, '*' any unknown path). */
  path: string;
  page: LazyPage;
}
