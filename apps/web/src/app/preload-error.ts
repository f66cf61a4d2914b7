const RELOADED_KEY = 'counterpart-preload-reloaded';

/**
 * A page chunk that fails to load (usually a new deployment replaced it) reloads the page once per tab
 * session; a second failure is left to throw so the route's error page shows it.
 */
export function handlePreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOADED_KEY)) return;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
