import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { login } from '../../shared/session/keycloak-session.ts';
import { useLogoText, useThemeConfig } from '../../shared/theme/organization-theme.ts';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The frame of the guest account pages (flat layout): logo, heading, text, and the way back to Sign in. */
export function AuthCard({ title, children }: AuthCardProps) {
  const { authenticator } = useThemeConfig();
  const logoText = useLogoText();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <Link
        to="/"
        className="mb-8 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand"
      >
        <img src={logoText} alt={`${authenticator} home`} className="h-9 w-auto" />
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{title}</h1>
        <div className="mt-3 space-y-3 text-sm leading-6 text-zinc-600 dark:text-zinc-300">{children}</div>
        <p className="mt-8 border-t border-zinc-200 pt-5 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          Already have an account?{' '}
          <button
            type="button"
            onClick={login}
            className="rounded font-semibold text-zinc-900 underline decoration-brand decoration-2 underline-offset-4 hover:decoration-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:text-white dark:hover:decoration-white"
          >
            Sign in
          </button>
        </p>
      </div>
    </main>
  );
}
