/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface PageOptions {
  title: string;
  /** Trusted HTML: escape every value put into it. */
  body: string;
  /** Path prefix of the web app ('' when served at the origin's root). */
  appPath: string;
  /** Where the provider serves its scripts, e.g. /realms/production/assets. */
  assetsPath: string;
  /** Extra external scripts (the CSP allows no inline script). */
  scripts?: string[];
}

/** The Counterpart mark (the app's favicon). */
export const LOGO_SVG = `<svg class="logo" viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#40ba58"/><circle cx="25" cy="32" r="12.5" fill="none" stroke="#fff" stroke-width="5"/><circle cx="39" cy="32" r="12.5" fill="none" stroke="#fff" stroke-opacity="0.75" stroke-width="5"/></svg>`;

/**
 * The identity provider's pages (sign-in, sign-out, errors) in the app's look: brand colour
 * #40ba58, a centred card, light and dark. The app's own /theme-init.js applies the stored theme;
 * theme-fallback.js follows the system when nothing is stored.
 */
export function renderPage({ title, body, appPath, assetsPath, scripts = [] }: PageOptions): string {
  const scriptTags = [`${appPath}/theme-init.js`, `${assetsPath}/theme-fallback.js`, ...scripts]
    .map((src) => `<script src="${escapeHtml(src)}"></script>`)
    .join('\n    ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)} | Counterpart</title>
    <link rel="icon" href="${escapeHtml(appPath)}/favicon.svg" type="image/svg+xml">
    ${scriptTags}
    <style>${STYLES}</style>
  </head>
  <body>
    <main class="shell">
      <div class="card">
        <div class="brand">${LOGO_SVG}<span>Counterpart</span></div>
        ${body}
      </div>
    </main>
  </body>
</html>`;
}

const STYLES = `
:root{--primary:#40ba58;--primary-hover:#53c169;--primary-pressed:#3aa74f;--bg:#f4f6f5;--card:#ffffff;--text:#111827;--muted:#6b7280;--border:#e5e7eb;--input:#ffffff;--danger-bg:#fef2f2;--danger-text:#b91c1c;--danger-border:#fecaca;color-scheme:light}
html.dark{--bg:#0c1210;--card:#141c19;--text:#e5e7eb;--muted:#9ca3af;--border:#26322d;--input:#0f1614;--danger-bg:#3a1414;--danger-text:#fca5a5;--danger-border:#7f1d1d;color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--bg);color:var(--text);font-size:14px;line-height:1.5}
.shell{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
.card{width:100%;max-width:400px;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:32px;box-shadow:0 10px 30px rgba(0,0,0,.06)}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;margin-bottom:24px}
.logo{width:32px;height:32px}
h1{font-size:20px;font-weight:600;margin:0 0 4px}
.lead{color:var(--muted);margin:0 0 24px}
.field{display:flex;flex-direction:column;gap:6px;margin-bottom:16px}
.label-row{display:flex;justify-content:space-between;align-items:baseline}
label{font-weight:500}
input{width:100%;padding:10px 12px;border:1px solid var(--border);border-radius:8px;background:var(--input);color:var(--text);font:inherit}
input:focus{outline:2px solid var(--primary);outline-offset:0;border-color:var(--primary)}
.button{display:inline-block;width:100%;padding:10px 16px;border:0;border-radius:8px;background:var(--primary);color:#fff;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.button:hover{background:var(--primary-hover)}
.button:active{background:var(--primary-pressed)}
a{color:var(--primary);text-decoration:none}
a:hover{text-decoration:underline}
.alert{background:var(--danger-bg);color:var(--danger-text);border:1px solid var(--danger-border);border-radius:8px;padding:10px 12px;margin:0 0 16px}
.notice{border:1px solid var(--border);border-left:4px solid var(--primary);border-radius:8px;padding:10px 12px;margin:0 0 16px;color:var(--text)}
.footer{margin:20px 0 0;text-align:center;color:var(--muted)}
`;
