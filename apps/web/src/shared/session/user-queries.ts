import { currentUserSchema, organizationProfileSchema } from '@counterpart/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from './http-client.ts';
import { useSessionStore } from './session-store.ts';

/** GET /api/users/me: the signed-in user (avatar, full name, e-mail). */
export function useCurrentUser() {
  const authenticated = useSessionStore((state) => state.authenticated);
  return useQuery({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => http.get('/api/users/me', { schema: currentUserSchema, signal }),
    enabled: authenticated,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/users/organization/profile for the current organization (its name, attributes and theme). */
export function useOrganizationProfile() {
  const organizationId = useSessionStore((state) => state.organizationId);
  const authenticated = useSessionStore((state) => state.authenticated);
  return useQuery({
    queryKey: ['users', 'organization', 'profile', organizationId],
    queryFn: ({ signal }) =>
      http.get('/api/users/organization/profile', { schema: organizationProfileSchema, signal }),
    enabled: authenticated && organizationId !== null,
    staleTime: 5 * 60_000,
  });
}
