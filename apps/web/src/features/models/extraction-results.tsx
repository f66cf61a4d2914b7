import type { ExtractionResult, FieldResult, Label } from '@counterpart/contracts';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { useDocument, useOriginal } from '../documents/index.ts';
import { displayNormalized, formatConfidence } from './model-display.ts';
import { useDocumentTokens } from './models-api.ts';
import { PageStepper } from './page-stepper.tsx';
import { type PageOverlay, PageView } from './page-view.tsx';

const labelName = (labels: Label[], key: string) => labels.find((l) => l.key === key)?.name ?? key;

/** The overlays of a result on one page: each field found, amber when it needs review. */
export function resultOverlays(result: ExtractionResult, labels: Label[], page: number): PageOverlay[] {
  const fields: PageOverlay[] = result.fields
    .filter(
      (f): f is FieldResult & { box: NonNullable<FieldResult['box']> } => f.page === page && f.box !== null,
    )
    .map((f) => ({
      id: `f-${f.key}`,
      box: f.box,
      label: `${labelName(labels, f.key)}: ${f.value ?? ''} (${formatConfidence(f.confidence)})`,
      tone: f.needs_review ? 'review' : 'field',
    }));
  const cells: PageOverlay[] = result.tables.flatMap((table) =>
    table.rows.flatMap((row, r) =>
      Object.entries(row.cells)
        .filter(([, cell]) => cell.page === page && cell.box !== null)
        .map(([column, cell]) => ({
          id: `t-${table.key}-${r}-${column}`,
          box: cell.box as NonNullable<typeof cell.box>,
          label: `${labelName(labels, table.key)} row ${r + 1} ${column}: ${cell.value ?? ''}`,
          tone: table.needs_review ? ('review' as const) : ('field' as const),
        })),
    ),
  );
  return [...fields, ...cells];
}

/**
 * A document beside what a model read from it: the page with each field drawn where it was found, and
 * the fields with their value, what it was understood as, confidence and how it was found.
 */
export function ExtractionResults({
  result,
  labels,
  documentId,
  editable,
}: {
  result: ExtractionResult;
  labels: Label[];
  documentId: string;
  /** Corrections: a field's value as typed, by key (the execution page's form). */
  editable?: { values: Record<string, string>; onChange: (key: string, value: string) => void };
}) {
  const document = useDocument(documentId);
  const original = useOriginal(documentId, true);
  const tokens = useDocumentTokens(documentId);
  const [pageNumber, setPageNumber] = useState(1);
  const pages = tokens.data?.pages ?? [];
  const page = pages.find((p) => p.page === pageNumber);

  return (
    <div className="grid gap-4 p-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-2">
        {!result.layout_matched && (
          <ErrorAlert>
            This document does not look like the model’s layout: nothing was read from it.
          </ErrorAlert>
        )}
        <PageStepper page={pageNumber} pages={pages.length} onPage={setPageNumber} className="justify-end" />
        {document.isError ? (
          <ErrorAlert>{document.error.message}</ErrorAlert>
        ) : tokens.isError ? (
          <ErrorAlert>The document could not be read: {tokens.error.message}</ErrorAlert>
        ) : !document.data || !page || !tokens.data ? (
          <Spinner label="Drawing the document" className="m-6" />
        ) : (
          <PageView
            document={document.data}
            original={original.data}
            pageNumber={pageNumber}
            pageSize={page}
            tokens={tokens.data.tokens.filter((t) => t.page === pageNumber)}
            overlays={resultOverlays(result, labels, pageNumber)}
          />
        )}
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Read from{' '}
          {result.text_source === 'pdf'
            ? 'the PDF’s text'
            : result.text_source === 'ocr'
              ? 'OCR of the image'
              : 'the PDF’s text and OCR'}
          {result.ocr_confidence !== null
            ? `, OCR confidence ${formatConfidence(result.ocr_confidence)}`
            : ''}
          .
        </p>
      </div>
      <div className="min-w-0 space-y-4">
        <table className="w-full text-sm">
          <caption className="sr-only">Fields read</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <th scope="col" className="py-2 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Value
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Confidence
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {result.fields.map((field) => {
              const understood = displayNormalized(field.normalized);
              return (
                <tr key={field.key} className="align-top">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {labelName(labels, field.key)}
                    <span className="block text-xs font-normal text-zinc-500 dark:text-zinc-400">
                      {field.source}
                    </span>
                  </th>
                  <td className="py-2 pr-3 break-words">
                    {editable ? (
                      <input
                        className="w-full rounded border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-950"
                        aria-label={`Value of ${labelName(labels, field.key)}`}
                        value={editable.values[field.key] ?? field.value ?? ''}
                        onChange={(e) => editable.onChange(field.key, e.target.value)}
                      />
                    ) : field.value === null ? (
                      <span className="text-zinc-500 italic dark:text-zinc-400">Not found</span>
                    ) : (
                      field.value
                    )}
                    {understood !== null && understood !== field.value && (
                      <span className="block text-xs text-zinc-600 dark:text-zinc-300">
                        read as {understood}
                      </span>
                    )}
                    {field.alternatives.length > 0 && (
                      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                        also:{' '}
                        {field.alternatives
                          .slice(0, 2)
                          .map((a) => a.value)
                          .join(' · ')}
                      </span>
                    )}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {field.needs_review ? (
                      <StatusBadge
                        status="partial"
                        label={`Review · ${formatConfidence(field.confidence)}`}
                      />
                    ) : (
                      <span className="tabular-nums">{formatConfidence(field.confidence)}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {result.tables.map((table) => {
          const label = labels.find((l) => l.key === table.key);
          const columns = label?.columns ?? [];
          return (
            <div key={table.key} className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="py-1 text-left font-semibold">
                  {label?.name ?? table.key}: {table.rows.length} rows
                  {table.needs_review ? ' · needs review' : ''} ({formatConfidence(table.confidence)})
                </caption>
                <thead>
                  <tr className="border-b border-zinc-200 text-left text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
                    {columns.map((c) => (
                      <th key={c.key} scope="col" className="py-1.5 pr-3 font-medium">
                        {c.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {table.rows.map((row, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows in document order
                    <tr key={r}>
                      {columns.map((c) => {
                        const cell = row.cells[c.key];
                        return (
                          <td key={c.key} className="py-1.5 pr-3">
                            {cell ? (displayNormalized(cell.normalized) ?? cell.value ?? '') : ''}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
    </div>
  );
}
