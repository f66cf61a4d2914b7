import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { login } from '../shared/session/keycloak-session.ts';
import { decideAccess, withProductKey } from '../shared/session/route-access.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { BootScreen } from './pages/boot-screen.tsx';
import { SessionFailurePage } from './pages/session-failure-page.tsx';
import { useRouteHandle } from './use-route-handle.ts';

function RedirectToLogin() {
  useEffect(() => {
    login();
  }, []);
  return <BootScreen label="Redirecting to sign in" />;
}

/** Applies the spec §2 guard rules to the matched route before its layout or page renders. */
export function RouteGuard() {
  const matched = useRouteHandle();
  const status = useSessionStore((state) => state.status);
  const failure = useSessionStore((state) => state.failure);
  const authenticated = useSessionStore((state) => state.authenticated);
  const organization = useSessionStore((state) => state.organizationStatus);
  const roles = useSessionStore((state) => state.roles);
  const productKey = useSessionStore((state) => state.productKey);

  const access = withProductKey(matched?.handle.access ?? { kind: 'public' }, productKey);
  const outcome = decideAccess(access, { authenticated, organization, roles });

  switch (outcome) {
    case 'allow':
      return <Outlet />;
    case 'login':
      return status === 'failed' ? <SessionFailurePage message={failure ?? ''} /> : <RedirectToLogin />;
    case 'dashboard':
      return <Navigate to="/dashboard" replace />;
    case 'select-organization':
      return <Navigate to="/auth/select-organization" replace />;
    case 'unauthorized':
      return <Navigate to="/unauthorized" replace />;
  }
}
