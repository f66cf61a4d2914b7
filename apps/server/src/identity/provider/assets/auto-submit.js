// Submits the page's form on load (sign-out without a confirmation page; the CSP allows no inline script).
document.addEventListener('DOMContentLoaded', () => {
  document.forms[0]?.submit();
});
