/** File kinds the import accepts: spreadsheets and text tables, and bank statement formats. */
export const IMPORT_EXTENSIONS = [
  '.csv',
  '.tsv',
  '.txt',
  '.xlsx',
  '.xml',
  '.sta',
  '.mt940',
  '.ofx',
  '.qfx',
  '.qif',
] as const;

/** The file input's `accept`. The server checks the content; this only narrows the picker. */
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');
