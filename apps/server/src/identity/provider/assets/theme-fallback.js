// Follows the system's colour scheme when the app has no stored theme (kept external: the CSP allows no inline script).
(() => {
  try {
    const saved = JSON.parse(localStorage.getItem('counterpart-ui') || 'null');
    if (typeof saved?.state?.theme === 'boolean') return;
  } catch {
    // Unreadable storage: fall back to the system preference.
  }
  if (window.matchMedia?.('(prefers-color-scheme: dark)').matches) {
    document.documentElement.classList.add('dark');
  }
})();
