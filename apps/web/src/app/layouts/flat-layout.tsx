import { Outlet } from 'react-router';

/** Flat layout (spec §2): content only; the toasts are mounted by the root shell. */
export function FlatLayout() {
  return (
    <div className="min-h-dvh bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <Outlet />
    </div>
  );
}
