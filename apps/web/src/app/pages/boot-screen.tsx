import { Spinner } from '../../shared/ui/spinner.tsx';

/** Full-page wait while keycloak-js starts or the browser is on its way to the sign-in page. */
export function BootScreen({ label = 'Loading Counterpart' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-zinc-50 dark:bg-zinc-950">
      <img
        src="/images/logo-icon.png"
        alt=""
        width={48}
        height={48}
        className="size-12 rounded-xl shadow-sm"
      />
      <Spinner label={label} />
    </div>
  );
}
