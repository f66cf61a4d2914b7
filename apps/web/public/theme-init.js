// Applies the persisted dark theme before the first paint (kept external: the CSP allows no inline script).
(() => {
  try {
    const saved = JSON.parse(localStorage.getItem('counterpart-ui') || 'null');
    if (saved?.state?.theme === true) document.documentElement.classList.add('dark');
  } catch {
    // Unreadable storage: keep the light theme.
  }
})();
