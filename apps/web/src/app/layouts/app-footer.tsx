import { useThemeConfig } from '../../shared/theme/organization-theme.ts';

/** Footer (spec §2): the copyright year and the authenticator name. */
export function AppFooter() {
  const { authenticator } = useThemeConfig();
  return (
    <footer className="border-t border-zinc-200 px-4 py-4 text-xs text-zinc-500 sm:px-6 lg:px-8 dark:border-zinc-800 dark:text-zinc-400">
      © {new Date().getFullYear()} {authenticator}
    </footer>
  );
}
