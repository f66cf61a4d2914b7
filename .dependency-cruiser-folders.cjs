// Folder cycles, checked by `npm run lint` after the file rules (.dependency-cruiser.cjs). Tests are
// left out: a test beside its code imports the shared test server (apps/server/test), which builds
// the whole app; that is a test's job, not an arrow of the house.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two folders import each other (through any files). Floors point one way: move the shared part down, or register from the upper floor.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: `${base.options.exclude.path}|\\.test\\.tsx?$|^apps/server/test/` },
  },
};
