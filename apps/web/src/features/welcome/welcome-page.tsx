import { ArrowRight, Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { useVisibleNav } from '../../shared/navigation/use-visible-nav.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useOrganizationProfile } from '../../shared/session/user-queries.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

function greetingName(firstName: string | undefined): string {
  return firstName ? `Welcome, ${firstName}` : 'Welcome';
}

/** /dashboard: greeting, the current organization, and shortcuts to the modules the user may open. */
export function WelcomePage() {
  const user = useSessionStore((state) => state.user);
  const organizations = useSessionStore((state) => state.organizations);
  const organizationId = useSessionStore((state) => state.organizationId);
  const profile = useOrganizationProfile();
  const shortcuts = useVisibleNav()
    .flatMap((group) => group.items.map((item) => ({ ...item, group: group.label })))
    .filter((item) => item.route !== 'dashboard');

  const organizationName =
    profile.data?.name ?? organizations.find((organization) => organization.id === organizationId)?.name;

  return (
    <div className="space-y-8">
      <section className="relative overflow-hidden rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <div
          aria-hidden="true"
          className="absolute inset-y-0 right-0 w-1/2 bg-[radial-gradient(70%_90%_at_100%_0%,color-mix(in_oklab,var(--color-primary)_16%,transparent),transparent)]"
        />
        <div className="relative">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
            {greetingName(user?.firstName)}
          </h1>
          {organizationName ? (
            <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-zinc-100 px-3 py-1 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
              <Building2 aria-hidden="true" className="size-4 text-brand-text" />
              <span>{organizationName}</span>
            </p>
          ) : (
            <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
              You are not a member of an organization yet.
            </p>
          )}
          <p className="mt-4 max-w-2xl text-sm text-zinc-600 dark:text-zinc-300">
            Match bank, M-Pesa and ERP transactions, extract data from documents and automate it all with
            workflows. The modules your role opens are below.
          </p>
        </div>
      </section>

      <section aria-labelledby="shortcuts-heading">
        <h2 id="shortcuts-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
          Your modules
        </h2>
        {shortcuts.length === 0 ? (
          <div className="mt-4 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
            <EmptyView
              title="No modules available yet"
              description="Your role does not include any module. Ask an organization admin to add you to a group."
            />
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {shortcuts.map((item) => (
              <li key={item.key}>
                <Link
                  to={item.to}
                  className="group flex h-full flex-col rounded-xl border border-zinc-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand/60 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand/60"
                >
                  <span className="flex items-center justify-between">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-brand/10 text-brand-text">
                      <item.icon aria-hidden="true" className="size-5" />
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-zinc-300 transition group-hover:translate-x-0.5 group-hover:text-zinc-500 dark:text-zinc-600"
                    />
                  </span>
                  <span className="mt-4 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                    {item.label}
                  </span>
                  {item.group && (
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">{item.group}</span>
                  )}
                  <span className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{item.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
