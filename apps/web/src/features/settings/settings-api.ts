import {
  auditPageSchema,
  type LogoKind,
  logoUploadedSchema,
  organizationProfileSchema,
  outboxPageSchema,
  type Subscription,
  subscriptionsSchema,
  type UpdateOrganizationProfile,
} from '@counterpart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

export const SETTINGS_PAGE_SIZE = 20;
const PROFILE_KEY = ['users', 'organization', 'profile'] as const;

function useOrganizationKey(area: string): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['settings', organizationId, area];
}

/**
 * PUT /api/users/organization/profile. The answer replaces the cached profile at once, so the shell
 * re-themes without waiting for a refetch (it applies the colours of the profile it holds).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const organizationId = useSessionStore((state) => state.organizationId);
  return useMutation({
    mutationFn: (changes: UpdateOrganizationProfile) =>
      http.put('/api/users/organization/profile', changes, { schema: organizationProfileSchema }),
    onSuccess: (profile) => {
      queryClient.setQueryData([...PROFILE_KEY, organizationId], profile);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}

/** POST /api/users/organization/logo?kind=: uploads a logo, which the server sets as that logo at once. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: LogoKind; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post('/api/users/organization/logo', form, { query: { kind }, schema: logoUploadedSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
  });
}

/** GET/PUT /api/users/organization/settings/subscriptions: the user's notification subscriptions. */
export function useSubscriptions() {
  const key = useOrganizationKey('subscriptions');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      http
        .get('/api/users/organization/settings/subscriptions', { schema: subscriptionsSchema, signal })
        .then((answer) => answer.data),
  });
}

export function useSaveSubscriptions() {
  const queryClient = useQueryClient();
  const key = useOrganizationKey('subscriptions');
  return useMutation({
    mutationFn: (data: Subscription[]) =>
      http
        .put('/api/users/organization/settings/subscriptions', { data }, { schema: subscriptionsSchema })
        .then((answer) => answer.data),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}

/** GET /api/users/organization/outbox: e-mails the server wrote, newest first (settings-update). */
export function useOutbox(pageNo: number, enabled: boolean) {
  const key = useOrganizationKey('outbox');
  return useQuery({
    queryKey: [...key, pageNo],
    queryFn: ({ signal }) =>
      http.get('/api/users/organization/outbox', {
        query: { page_no: pageNo, page_size: SETTINGS_PAGE_SIZE },
        schema: outboxPageSchema,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/users/audit: who changed what, newest first. */
export function useAuditLog(pageNo: number) {
  const key = useOrganizationKey('audit');
  return useQuery({
    queryKey: [...key, pageNo],
    queryFn: ({ signal }) =>
      http.get('/api/users/audit', {
        query: { page_no: pageNo, page_size: SETTINGS_PAGE_SIZE },
        schema: auditPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
