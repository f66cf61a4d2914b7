import { useSessionStore } from '../shared/session/session-store.ts';
import { useDocumentTheme } from '../shared/theme/organization-theme.ts';
import { Toaster } from '../shared/ui/toast.tsx';
import { SessionDialogs } from './auth/session-dialogs.tsx';
import { NavigationProgress } from './layouts/navigation-progress.tsx';
import { BootScreen } from './pages/boot-screen.tsx';
import { RouteGuard } from './route-guard.tsx';

/** Root route: waits for keycloak-js, then guards the matched route; toasts and session dialogs on top. */
export function RootShell() {
  useDocumentTheme();
  const status = useSessionStore((state) => state.status);
  if (status === 'loading') return <BootScreen />;
  return (
    <>
      <NavigationProgress />
      <RouteGuard />
      <Toaster />
      <SessionDialogs />
    </>
  );
}
