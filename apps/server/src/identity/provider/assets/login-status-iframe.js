// keycloak-js session status iframe: answers "<clientId> <sessionId>" with unchanged, changed or error,
// comparing the session id with the readable KEYCLOAK_SESSION cookie ("realm/user/session").
(() => {
  let allowed = null;

  function sessionCookie() {
    const entry = document.cookie.split('; ').find((part) => part.startsWith('KEYCLOAK_SESSION='));
    return entry ? decodeURIComponent(entry.slice('KEYCLOAK_SESSION='.length)) : '';
  }

  function compare(sessionId) {
    const cookie = sessionCookie();
    if (!cookie) return sessionId === '' ? 'unchanged' : 'changed';
    return cookie.split('/')[2] === sessionId ? 'unchanged' : 'changed';
  }

  async function check(clientId, origin, sessionId) {
    if (!allowed) {
      const url = new URL(`${location.pathname}/init`, location.origin);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('origin', origin);
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
      if (response?.status !== 204) return 'error';
      allowed = { clientId, origin };
    }
    if (allowed.clientId !== clientId || allowed.origin !== origin) return 'error';
    return compare(sessionId);
  }

  window.addEventListener('message', (event) => {
    if (typeof event.data !== 'string' || !event.source) return;
    const parts = event.data.split(' ');
    if (parts.length !== 2) return;
    const [clientId, sessionId] = parts;
    check(clientId, event.origin, sessionId).then((status) => event.source.postMessage(status, event.origin));
  });
})();
