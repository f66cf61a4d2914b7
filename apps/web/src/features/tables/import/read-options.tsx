import type {
  ImportDelimiter,
  ImportProposal,
  ImportProposalInput,
  ImportQifDateFormat,
} from '@counterpart/contracts';
import { IMPORT_DELIMITERS, IMPORT_QIF_DATE_FORMATS } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { useId } from 'react';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';

export const DELIMITER_LABELS: Record<ImportDelimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
};

const LINE_ENDINGS: Record<NonNullable<ImportProposal['line_endings']>, string> = {
  lf: 'LF line endings',
  crlf: 'CRLF line endings',
  cr: 'CR line endings',
  mixed: 'mixed line endings',
};

const ENCODINGS: Record<NonNullable<ImportProposal['encoding']>, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252',
};

/** Statement formats as people call them. */
export const STATEMENT_FORMAT_LABELS: Record<string, string> = {
  mpesa_csv: 'M-Pesa',
  camt053: 'camt.053',
  camt054: 'camt.054',
  mt940: 'MT940',
  ofx: 'OFX/QFX',
  qif: 'QIF',
};

/** "CSV · UTF-8 · CRLF line endings", "Excel workbook", "Bank statement (MT940)". */
export function describeFormat(proposal: ImportProposal): string {
  const parts: string[] = [];
  if (proposal.format === 'xlsx') parts.push('Excel workbook (XLSX)');
  else if (proposal.format === 'statement')
    parts.push(
      proposal.statement_format
        ? `Bank statement (${STATEMENT_FORMAT_LABELS[proposal.statement_format] ?? proposal.statement_format})`
        : 'Bank statement',
    );
  else parts.push('CSV');
  if (proposal.encoding) parts.push(ENCODINGS[proposal.encoding]);
  if (proposal.line_endings) parts.push(LINE_ENDINGS[proposal.line_endings]);
  return parts.join(' · ');
}

export interface ReadOptionsProps {
  proposal: ImportProposal;
  busy: boolean;
  /** Asks the server to read the file again with this choice changed. */
  onChange: (input: ImportProposalInput) => void;
}

/** How the file is read: its detected format, and the delimiter, header and sheet the user can change. */
export function ReadOptions({ proposal, busy, onChange }: ReadOptionsProps) {
  const delimiterId = useId();
  const sheetId = useId();
  const headerId = useId();
  const qifId = useId();
  const current: ImportProposalInput = {
    has_header: proposal.has_header,
    ...(proposal.delimiter ? { delimiter: proposal.delimiter } : {}),
    ...(proposal.sheet ? { sheet: proposal.sheet } : {}),
  };
  const label = 'block text-sm font-medium text-zinc-800 dark:text-zinc-200';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
      <div className="space-y-1.5">
        <p className={label}>Detected format</p>
        <p
          className="flex min-h-9 items-center text-sm text-zinc-600 dark:text-zinc-300"
          data-testid="detected-format"
        >
          {describeFormat(proposal)}
        </p>
      </div>
      {proposal.format === 'xlsx' && proposal.sheets.length > 0 && (
        <div className="space-y-1.5">
          <label htmlFor={sheetId} className={label}>
            Sheet
          </label>
          <select
            id={sheetId}
            className={FIELD_CLASSES}
            value={proposal.sheet ?? ''}
            disabled={busy}
            onChange={(event) => onChange({ ...current, sheet: event.target.value })}
          >
            {proposal.sheets.map((sheet) => (
              <option key={sheet.name} value={sheet.name}>
                {sheet.row_count === null ? sheet.name : `${sheet.name} (${countOf(sheet.row_count, 'row')})`}
              </option>
            ))}
          </select>
        </div>
      )}
      {proposal.format === 'csv' && (
        <div className="space-y-1.5">
          <label htmlFor={delimiterId} className={label}>
            Delimiter
          </label>
          <select
            id={delimiterId}
            className={FIELD_CLASSES}
            value={proposal.delimiter ?? ','}
            disabled={busy}
            onChange={(event) => onChange({ ...current, delimiter: event.target.value as ImportDelimiter })}
          >
            {IMPORT_DELIMITERS.map((delimiter) => (
              <option key={delimiter} value={delimiter}>
                {DELIMITER_LABELS[delimiter]}
              </option>
            ))}
          </select>
        </div>
      )}
      {proposal.statement_format === 'qif' && (
        <div className="space-y-1.5">
          <label htmlFor={qifId} className={label}>
            Date format
          </label>
          <select
            id={qifId}
            className={FIELD_CLASSES}
            value={proposal.qif_date_format ?? ''}
            disabled={busy}
            aria-describedby={`${qifId}-hint`}
            onChange={(event) =>
              onChange({ ...current, qif_date_format: event.target.value as ImportQifDateFormat })
            }
          >
            {!proposal.qif_date_format && <option value="">Choose…</option>}
            {IMPORT_QIF_DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
          <p id={`${qifId}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            QIF files do not say how their dates are written.
          </p>
        </div>
      )}
      {proposal.format !== 'statement' && (
        <div className="flex min-h-9 items-center gap-2">
          <input
            id={headerId}
            type="checkbox"
            className="size-4 rounded border-zinc-300 accent-[var(--color-primary)] dark:border-zinc-600"
            checked={proposal.has_header}
            disabled={busy}
            onChange={(event) => onChange({ ...current, has_header: event.target.checked })}
          />
          <label htmlFor={headerId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            First row is a header
          </label>
        </div>
      )}
    </div>
  );
}
