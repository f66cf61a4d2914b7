import { Menu as MenuIcon, Moon, Sun } from 'lucide-react';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { useThemeConfig } from '../../shared/theme/organization-theme.ts';
import { IconButton } from '../../shared/ui/button.tsx';
import { AccountMenu } from './account-menu.tsx';
import { NotificationsBell } from './notifications-bell.tsx';

/** Top bar (spec §2): title, theme toggle, bell, user block with the account menu; the drawer button on mobile. */
export function TopBar({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const dark = useUiStore((state) => state.theme);
  const toggleTheme = useUiStore((state) => state.toggleTheme);
  const { logo_mark } = useThemeConfig();

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-white/70 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/85 dark:supports-[backdrop-filter]:bg-zinc-900/70">
      <IconButton label="Open navigation" onClick={onOpenNavigation} className="-ml-1 lg:hidden">
        <MenuIcon />
      </IconButton>
      <img src={logo_mark} alt="" className="hidden size-7 rounded-md object-contain sm:block lg:hidden" />
      <p className="min-w-0 truncate text-[15px] font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        Reconciliation Engine
      </p>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <IconButton label="Toggle theme" aria-pressed={dark} onClick={toggleTheme}>
          {dark ? <Sun /> : <Moon />}
        </IconButton>
        <NotificationsBell />
        <div aria-hidden="true" className="mx-1 hidden h-6 w-px bg-zinc-200 sm:block dark:bg-zinc-800" />
        <AccountMenu />
      </div>
    </header>
  );
}
