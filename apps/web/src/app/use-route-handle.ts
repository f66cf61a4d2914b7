import { type Params, useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value && 'title' in value;
}

/** The deepest matched route's handle with its params (undefined while nothing matched). */
export function useRouteHandle(): { handle: RouteHandle; params: Params } | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle)) return { handle: match.handle, params: match.params };
  }
  return undefined;
}
