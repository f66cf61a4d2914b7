import type { RouteAccess } from './route-access.ts';
import type { PageRoute } from './route-handle.ts';

const guest: RouteAccess = { kind: 'guest' };

/** Flat-layout pages (spec §2): the guest pages, select-organization and the not-found page. */
export const FLAT_PAGES: PageRoute[] = [
  {
    name: 'overview',
    path: '/',
    access: guest,
    title: 'Counterpart',
    page: () => import('../features/landing/landing-page.tsx').then((m) => ({ Component: m.LandingPage })),
  },
  {
    name: 'signup',
    path: '/auth/signup',
    access: guest,
    title: 'Sign up',
    page: () => import('../features/auth/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
  },
  {
    name: 'forgotPassword',
    path: '/auth/forgot-password',
    access: guest,
    title: 'Forgot password',
    page: () =>
      import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    name: 'resetPassword',
    path: '/auth/reset-password',
    access: guest,
    title: 'Reset password',
    page: () =>
      import('../features/auth/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    // Not guest-only: a signed-in invitee accepts here too (a new one creates an account, then signs in).
    name: 'accept-invite',
    path: '/auth/accept-invite',
    access: { kind: 'public' },
    title: 'Accept invitation',
    page: () =>
      import('../features/auth/accept-invite-page.tsx').then((m) => ({ Component: m.AcceptInvitePage })),
  },
  {
    name: 'select-organization',
    path: '/auth/select-organization',
    access: { kind: 'organization-choice' },
    title: 'Select organization',
    page: () =>
      import('../features/organizations/select-organization-page.tsx').then((m) => ({
        Component: m.SelectOrganizationPage,
      })),
  },
  {
    name: 'not-found',
    path: '*',
    access: { kind: 'public' },
    title: 'Page not found',
    page: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
  },
];
