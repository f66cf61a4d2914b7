/** Bank and mobile-money statement readers: see README.md in this package. */
export { decimalToMinor, formatMinor, minorDigits } from './amount.ts';
export { type CsvRow, parseCsv } from './csv.ts';
export { decodeStatementBytes } from './decode.ts';
export { detectStatementFormat } from './detect.ts';
export {
  formatKes,
  generateMpesaRows,
  generateMpesaStatementCsv,
  type MpesaFixtureOptions,
  type MpesaFixtureRow,
  writeMpesaStatementCsv,
} from './mpesa-fixture.ts';
export { isMpesaPdf, type MpesaPdfRead, mpesaPdfToCsv, type PdfLine, type PdfWord } from './mpesa-pdf.ts';
export {
  generateMpesaPersonalStatement,
  helveticaWidth,
  type MpesaPersonalRow,
  type MpesaPersonalStatement,
  mpesaPersonalStatementPages,
  type PositionedText,
} from './mpesa-pdf-fixture.ts';
export { readQifDate } from './qif.ts';
export { type ReadStatementOptions, readStatement, UnknownStatementFormatError } from './read-statement.ts';
export {
  QIF_DATE_FORMATS,
  type QifDateFormat,
  STATEMENT_FORMATS,
  type StatementBalances,
  type StatementError,
  type StatementFormat,
  type StatementReadResult,
  type StatementTransaction,
  type StatementWarning,
  type StatementWarningCode,
} from './transaction.ts';
