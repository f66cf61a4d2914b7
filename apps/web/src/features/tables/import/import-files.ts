/** File kinds the import accepts: spreadsheets and text tables, bank statement formats, M-Pesa PDF statements. */
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
  '.pdf',
] as const;

/** The file input's `accept`. The server checks the content; this only narrows the picker. */
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.join(',');
