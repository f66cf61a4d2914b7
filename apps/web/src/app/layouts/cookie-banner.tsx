import { Cookie, X } from 'lucide-react';
import { useState } from 'react';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';

/** Cookie-consent banner: Accept persists the consent; the dismiss button hides it for now. */
export function CookieBanner() {
  const pending = useUiStore((state) => state.cookie_consent);
  const acceptCookies = useUiStore((state) => state.acceptCookies);
  const [dismissed, setDismissed] = useState(false);
  if (!pending || dismissed) return null;

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-2xl flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 pr-12 shadow-lg sm:flex-row sm:items-center sm:pr-14 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <Cookie aria-hidden="true" className="hidden size-6 shrink-0 text-brand-text sm:block" />
      <p className="flex-1 text-sm text-zinc-600 dark:text-zinc-300">
        We use essential cookies to keep you signed in and to remember your preferences on this device.
      </p>
      <Button size="sm" onClick={acceptCookies} className="self-start sm:self-auto">
        Accept cookies
      </Button>
      <IconButton
        label="Dismiss cookie banner"
        size="sm"
        onClick={() => setDismissed(true)}
        className="absolute top-3 right-3 sm:top-1/2 sm:-translate-y-1/2"
      >
        <X />
      </IconButton>
    </section>
  );
}
