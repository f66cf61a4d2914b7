import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while the next page (a lazy chunk) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-[var(--color-primary)]/20"
    >
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-[var(--color-primary)]" />
    </div>
  );
}
