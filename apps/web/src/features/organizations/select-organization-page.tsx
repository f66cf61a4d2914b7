import { Building2, ChevronRight, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { logout, selectOrganization } from '../../shared/session/keycloak-session.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useLogoText, useThemeConfig } from '../../shared/theme/organization-theme.ts';
import { Button } from '../../shared/ui/button.tsx';

/** /auth/select-organization (flat layout): the user's organizations from the token; choosing one opens the dashboard. */
export function SelectOrganizationPage() {
  const navigate = useNavigate();
  const organizations = useSessionStore((state) => state.organizations);
  const current = useSessionStore((state) => state.organizationId);
  const user = useSessionStore((state) => state.user);
  const { authenticator } = useThemeConfig();
  const logoText = useLogoText();

  const choose = (organizationId: string) => {
    selectOrganization(organizationId);
    navigate('/dashboard', { replace: true });
  };

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <img src={logoText} alt={authenticator} className="mb-8 h-9 w-auto" />
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
          Select organization
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          Choose the organization to work in{user?.email ? ` as ${user.email}` : ''}. You can switch later
          from the account menu.
        </p>
        {organizations.length === 0 ? (
          <p className="mt-6 rounded-lg bg-zinc-50 p-4 text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
            Your account is not a member of any organization yet. Ask an administrator to invite you.
          </p>
        ) : (
          <ul className="mt-6 space-y-2">
            {organizations.map((organization) => (
              <li key={organization.id}>
                <button
                  type="button"
                  onClick={() => choose(organization.id)}
                  aria-current={organization.id === current ? 'true' : undefined}
                  className="group flex w-full items-center gap-3 rounded-xl border border-zinc-200 px-4 py-3 text-left transition-colors hover:border-brand hover:bg-brand/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:border-zinc-700 dark:hover:bg-brand/10"
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                    <Building2 aria-hidden="true" className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-100">
                    {organization.name}
                  </span>
                  <ChevronRight
                    aria-hidden="true"
                    className="size-4 text-zinc-400 transition-transform group-hover:translate-x-0.5"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex justify-end">
          <Button variant="ghost" size="sm" onClick={logout}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </main>
  );
}
