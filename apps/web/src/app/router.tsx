import { createBrowserRouter } from 'react-router';
import { BootScreen } from './pages/boot-screen.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { RootShell } from './root-shell.tsx';
import { layoutRoutes } from './route-table.ts';

export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      Component: RootShell,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: BootScreen,
      children: layoutRoutes,
    },
  ]);
}
