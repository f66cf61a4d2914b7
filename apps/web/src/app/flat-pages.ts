import type { PageRoute } from './route-handle.ts';

/** Flat-layout pages (spec §2): the guest pages, select-organization and the not-found page */
export const FLAT_PAGES: PageRoute[] = [
  {
    name: 'overview',
    path: '/',
    title: 'Counterpart',
    page: () => import('../features/landing/landing-page.tsx').then((m) => ({ Component: m.LandingPage })),
  },
  {
    name: 'signup',
    path: '/auth/signup',
    title: 'Sign up',
    page: () => import('../features/auth/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
  },
  {
    name: 'forgotPassword',
    path: '/auth/forgot-password',
    title: 'Forgot password',
    page: () =>
      import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    name: 'resetPassword',
    path: '/auth/reset-password',
    title: 'Reset password',
    page: () =>
      import('../features/auth/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    name: 'accept-invite',
    path: '/auth/accept-invite',
    title: 'Accept invitation',
    page: () =>
      import('../features/auth/accept-invite-page.tsx').then((m) => ({ Component: m.AcceptInvitePage })),
  },
  {
    name: 'select-organization',
    path: '/auth/select-organization',
    title: 'Select organization',
    page: () =>
      import('../features/organizations/select-organization-page.tsx').then((m) => ({
        Component: m.SelectOrganizationPage,
      })),
  },
  {
    name: 'not-found',
    path: '*',
    title: 'Page not found',
    page: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
  },
];
