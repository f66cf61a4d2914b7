// keycloak-js third-party cookie check, step 2: report whether step 1's test cookie came back.
parent.postMessage(document.cookie.includes('KEYCLOAK_3P_COOKIE') ? 'supported' : 'unsupported', '*');
