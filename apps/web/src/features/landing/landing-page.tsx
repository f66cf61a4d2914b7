import {
  ArrowRight,
  BellRing,
  ChartNoAxesCombined,
  FileScan,
  GitCompareArrows,
  History,
  Moon,
  Plug,
  ShieldCheck,
  Sun,
  Workflow,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { login } from '../../shared/session/keycloak-session.ts';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { useLogoText, useThemeConfig } from '../../shared/theme/organization-theme.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { MatchPreview } from './match-preview.tsx';

const PILLARS = [
  {
    icon: GitCompareArrows,
    title: 'Match bank, M-Pesa and ERP transactions',
    text: 'Ordered matching passes with amount and date tolerances, reference and text similarity, and one-to-many splits. Confident matches reconcile themselves; the rest wait as suggestions for a person.',
  },
  {
    icon: FileScan,
    title: 'Extract data from documents',
    text: 'Drop in statements and invoices as PDF, scans, CSV or Excel. Rule-based and learned models pull out the fields and line items, with the place on the page each value came from.',
  },
  {
    icon: Workflow,
    title: 'Automate it with workflows',
    text: 'Wire sources, extraction, cleaning, matching and outputs together in a visual graph. Run it on demand or on a schedule, and follow every block’s progress live.',
  },
];

const EXTRAS = [
  { icon: ChartNoAxesCombined, title: 'Dashboards', text: 'Match rate, open items and ageing by source.' },
  { icon: Plug, title: 'ERP integrations', text: 'SAP, Odoo, QuickBooks, Xero and more.' },
  { icon: History, title: 'Audit trail', text: 'Who matched what, when, and why.' },
  { icon: ShieldCheck, title: 'Teams and permissions', text: 'Groups and roles per organization.' },
  { icon: BellRing, title: 'Live notifications', text: 'Background work reports as it runs.' },
];

const STEPS = [
  {
    title: 'Bring in both sides',
    text: 'Upload statements, connect M-Pesa exports and pull ledger entries from your ERP.',
  },
  {
    title: 'Let the engine match',
    text: 'Every line is paired with its counterpart, or told apart with the reason.',
  },
  {
    title: 'Close the exceptions',
    text: 'Accept suggestions, match by hand, post adjustments and allocations.',
  },
];

/** The guest landing page at / (flat layout): what Counterpart does, with Sign in and Sign up. */
export function LandingPage() {
  const navigate = useNavigate();
  const dark = useUiStore((state) => state.theme);
  const toggleTheme = useUiStore((state) => state.toggleTheme);
  const { authenticator, logo_mark } = useThemeConfig();
  const logoText = useLogoText();

  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[640px] bg-[radial-gradient(60%_60%_at_70%_0%,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent)]"
      />
      <header className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <img src={logoText} alt={authenticator} className="hidden h-8 w-auto sm:block" />
        <img src={logo_mark} alt={authenticator} className="size-8 rounded-lg sm:hidden" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <IconButton label="Toggle theme" aria-pressed={dark} onClick={toggleTheme}>
            {dark ? <Sun /> : <Moon />}
          </IconButton>
          <Button variant="ghost" onClick={login}>
            Sign in
          </Button>
          <Button onClick={() => navigate('/auth/signup')}>Sign up</Button>
        </div>
      </header>

      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-20 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pt-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white/70 px-3 py-1 text-xs font-medium text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/70 dark:text-zinc-300">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-brand" />
              Reconciliation engine for finance teams
            </p>
            <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-5xl dark:text-white">
              Every transaction, matched with its counterpart.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-zinc-600 dark:text-zinc-300">
              Counterpart takes what the bank, the mobile-money provider and the ERP each say happened,
              matches every line, and shows what is reconciled, what is not, and why.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3">
              <a
                href="#features"
                className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:text-white"
              >
                See what it does
                <ArrowRight aria-hidden="true" className="size-4" />
              </a>
              <span className="text-sm text-zinc-500 dark:text-zinc-400">
                Amounts in KES by default, any currency supported.
              </span>
            </div>
          </div>
          <MatchPreview />
        </section>

        <section
          id="features"
          aria-labelledby="features-heading"
          className="scroll-mt-8 border-t border-zinc-200 bg-white py-20 dark:border-zinc-800 dark:bg-zinc-900/40"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2
              id="features-heading"
              className="max-w-2xl text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white"
            >
              From raw statements to a closed month
            </h2>
            <p className="mt-3 max-w-2xl text-zinc-600 dark:text-zinc-300">
              The matching engine sits at the centre; extraction, tables, workflows and integrations feed it.
            </p>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {PILLARS.map(({ icon: Icon, title, text }) => (
                <article
                  key={title}
                  className="rounded-2xl border border-zinc-200 bg-zinc-50 p-6 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <div className="flex size-10 items-center justify-center rounded-xl bg-brand/12 text-brand-text">
                    <Icon aria-hidden="true" className="size-5" />
                  </div>
                  <h3 className="mt-5 text-base font-semibold text-zinc-900 dark:text-white">{title}</h3>
                  <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{text}</p>
                </article>
              ))}
            </div>
            <ul className="mt-10 grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-5">
              {EXTRAS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
                  <div>
                    <p className="text-sm font-semibold text-zinc-900 dark:text-white">{title}</p>
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="steps-heading" className="py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2
              id="steps-heading"
              className="text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white"
            >
              How a reconciliation runs
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map(({ title, text }, index) => (
                <li
                  key={title}
                  className="relative rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
                >
                  <span className="flex size-8 items-center justify-center rounded-full bg-zinc-900 text-sm font-semibold text-white dark:bg-white dark:text-zinc-900">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 font-semibold text-zinc-900 dark:text-white">{title}</h3>
                  <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </main>

      <footer className="border-t border-zinc-200 py-8 dark:border-zinc-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">
          <span>
            © {new Date().getFullYear()} {authenticator}
          </span>
          <span>Reconciliation Engine</span>
        </div>
      </footer>
    </div>
  );
}
