// The house's floors, checked by `npm run lint` (depcruise). Each rule's comment is the message a
// violation prints. Folder cycles are checked apart, without the tests (.dependency-cruiser-folders.cjs).
// ARCHITECTURE.md "Floors" explains the rules; read it before loosening one.
const server = '^apps/server/src/';
const platform = `${server}(db|http|identity|jobs|realtime|storage|operations)/`;
const tests = '(\\.test\\.tsx?$|^apps/server/test/|^e2e/|^bench/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'Import cycle: two files (or more) import each other. Move what both need into a third file below them.',
      from: {},
      to: { circular: true, viaOnly: { pathNot: '^node_modules/' } },
    },
    {
      name: 'engines-stand-alone',
      severity: 'error',
      comment:
        'A package (contracts, domain, an engine, files) imports an app. Packages are the ground floor: they take data and callbacks, the apps call them.',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'platform-does-not-know-modules',
      severity: 'error',
      comment:
        'The server platform (db, http, identity, jobs, realtime, storage, operations) imports a module. Modules register with the platform at the composition root (app.ts, jobs wiring) instead.',
      from: { path: platform, pathNot: tests },
      to: { path: `${server}modules/` },
    },
    {
      name: 'module-through-service',
      severity: 'error',
      comment:
        "A module imports another module's internals. Reach another module only through its *.service.ts (its public face).",
      from: { path: `${server}modules/([^/]+)/`, pathNot: tests },
      to: {
        path: `${server}modules/`,
        pathNot: [`${server}modules/$1/`, '\\.service\\.ts$'],
      },
    },
    {
      name: 'web-shared-is-ground',
      severity: 'error',
      comment: 'apps/web/src/shared imports app/ or a feature. shared/ is the ground floor of the web app.',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(app|features)/' },
    },
    {
      name: 'features-do-not-import-app',
      severity: 'error',
      comment:
        'A feature imports app/. app/ is the top floor (router, layouts); what features need of the session lives in shared/session.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'features-through-public-index',
      severity: 'error',
      comment:
        "A feature imports another feature's internals. Use that feature's public index (features/<area>/index.ts), or move the shared part to shared/.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: tests },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: true,
  },
};
