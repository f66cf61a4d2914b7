import type { Annotation, Box, Label, Model, Token, TrainingDocument } from '@counterpart/contracts';
import { Eraser } from 'lucide-react';
import { useMemo, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useDocument, useOriginal } from '../documents/index.ts';
import { unionBox, wordsInBox } from './marking.ts';
import { useAnnotate, useDocumentTokens } from './models-api.ts';
import { PageStepper } from './page-stepper.tsx';
import { type PageOverlay, PageView } from './page-view.tsx';

/** What is being marked: a label, or one cell (row, column) of a line-items label. */
interface Target {
  labelKey: string;
  row?: number;
  column?: string;
}

const sameCell = (a: Target, b: Target) =>
  a.labelKey === b.labelKey && (a.row ?? -1) === (b.row ?? -1) && (a.column ?? '') === (b.column ?? '');
const targetOf = (a: Annotation): Target => ({
  labelKey: a.label_key,
  ...(a.row !== undefined ? { row: a.row } : {}),
  ...(a.column !== undefined ? { column: a.column } : {}),
});
const sameTarget = (a: Annotation, t: Target) => sameCell(targetOf(a), t);

function targetName(labels: Label[], t: Target): string {
  const label = labels.find((l) => l.key === t.labelKey);
  if (!label) return t.labelKey;
  if (label.type !== 'table') return label.name;
  const column = label.columns.find((c) => c.key === t.column);
  return `${label.name}, row ${(t.row ?? 0) + 1}, ${column?.name ?? t.column}`;
}

/**
 * Marking a training document's fields: choose a label, then click its words on the page (Shift adds
 * words), draw a box around it, or find it by typing (the keyboard way); "Save marks" stores them.
 */
export function Annotator({
  model,
  training,
  onClose,
}: {
  model: Model;
  training: TrainingDocument;
  onClose: () => void;
}) {
  const document = useDocument(training.document_id);
  const original = useOriginal(training.document_id, true);
  const tokens = useDocumentTokens(training.document_id);
  const annotate = useAnnotate();
  const [annotations, setAnnotations] = useState<Annotation[]>(training.annotations);
  const [target, setTarget] = useState<Target | null>(model.labels[0] ? firstTarget(model.labels[0]) : null);
  const [pageNumber, setPageNumber] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [find, setFind] = useState('');

  const pageTokens = useMemo(
    () => (tokens.data ? tokens.data.tokens.filter((t) => t.page === pageNumber) : []),
    [tokens.data, pageNumber],
  );
  if (document.isPending || tokens.isPending) return <Spinner label="Reading the document" className="m-6" />;
  if (document.isError) return <ErrorAlert className="p-5">{document.error.message}</ErrorAlert>;
  if (tokens.isError)
    return <ErrorAlert className="p-5">The document could not be read: {tokens.error.message}</ErrorAlert>;
  const pages = tokens.data.pages;
  const page = pages.find((p) => p.page === pageNumber) ?? pages[0];
  if (!page) return <ErrorAlert className="p-5">The document has no pages.</ErrorAlert>;

  const mark = (words: Token[], box?: Box) => {
    if (!target) return toast.error('Choose a label first', 'Pick the label to mark in the list.');
    if (words.length === 0 && !box) return;
    const value = words.map((w) => w.text).join(' ');
    const annotation: Annotation = {
      label_key: target.labelKey,
      page: pageNumber,
      box: box ?? unionBox(words.map((w) => w.box)),
      value,
      ...(target.row !== undefined ? { row: target.row } : {}),
      ...(target.column !== undefined ? { column: target.column } : {}),
    };
    setAnnotations((current) => [...current.filter((a) => !sameTarget(a, target)), annotation]);
    setSelected(new Set());
    setTarget(nextTarget(model.labels, target));
  };

  const overlays: PageOverlay[] = annotations
    .filter((a) => a.page === pageNumber)
    .map((a, i) => ({
      id: `a${i}`,
      box: a.box,
      label: `${targetName(model.labels, targetOf(a))}: ${a.value}`,
      tone: 'marked',
    }));
  const matches = find.trim()
    ? pageTokens
        .map((t, index) => ({ t, index }))
        .filter(({ t }) => t.text.toLowerCase().includes(find.trim().toLowerCase()))
        .slice(0, 12)
    : [];

  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2 text-sm">
          <p className="text-zinc-600 dark:text-zinc-300">
            Click words (Shift adds more), or drag to draw a box around a value.
          </p>
          <PageStepper page={pageNumber} pages={pages.length} onPage={setPageNumber} />
        </div>
        <PageView
          document={document.data}
          original={original.data}
          pageNumber={pageNumber}
          pageSize={page}
          tokens={pageTokens}
          overlays={overlays}
          selectedWords={selected}
          onWordClick={(index, extend) =>
            setSelected((current) => {
              const next = new Set(extend ? current : []);
              if (next.has(index) && extend) next.delete(index);
              else next.add(index);
              return next;
            })
          }
          onDrawBox={(box) => mark(wordsInBox(pageTokens, box), box)}
        />
      </div>
      <aside className="space-y-3 text-sm">
        <div className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-700">
          <p className="font-medium">
            Marking:{' '}
            <span className="text-[var(--color-primary)]">
              {target ? targetName(model.labels, target) : 'nothing'}
            </span>
          </p>
          <Button
            size="sm"
            disabled={selected.size === 0 || !target}
            onClick={() =>
              mark(
                [...selected]
                  .sort((a, b) => a - b)
                  .map((i) => pageTokens[i])
                  .filter((t): t is Token => Boolean(t)),
              )
            }
          >
            Use the selected words ({selected.size})
          </Button>
          <label className="block space-y-1">
            <span className="font-medium">Find words on this page</span>
            <input
              className={FIELD_CLASSES}
              value={find}
              onChange={(event) => setFind(event.target.value)}
              placeholder="Type part of the value"
            />
          </label>
          {matches.length > 0 && (
            <ul aria-label="Words found" className="max-h-48 space-y-1 overflow-auto">
              {matches.map(({ t, index }) => (
                <li key={index}>
                  <button
                    type="button"
                    className="w-full rounded px-2 py-1 text-left hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:hover:bg-zinc-800"
                    onClick={() => {
                      mark([t]);
                      setFind('');
                    }}
                  >
                    Mark “{t.text}”
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ul aria-label="Labels to mark" className="space-y-1">
          {model.labels
            .flatMap((label) => targetsOf(label, annotations))
            .map((t) => {
              const done = annotations.find((a) => sameTarget(a, t));
              const active = target !== null && sameCell(t, target);
              const name = targetName(model.labels, t);
              return (
                <li
                  key={`${t.labelKey}:${t.row ?? ''}:${t.column ?? ''}`}
                  className="flex items-center gap-1"
                >
                  <button
                    type="button"
                    aria-pressed={active}
                    onClick={() => {
                      setTarget(t);
                      if (done) setPageNumber(done.page);
                    }}
                    className={classNames(
                      'min-w-0 flex-1 rounded-md px-2 py-1.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
                      active
                        ? 'bg-[var(--color-primary)]/10 ring-1 ring-[var(--color-primary)]'
                        : 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
                    )}
                  >
                    <span className="block truncate font-medium">{name}</span>
                    <span className="block truncate text-xs text-zinc-600 dark:text-zinc-300">
                      {done ? done.value || '(a drawn box)' : 'Not marked'}
                    </span>
                  </button>
                  {done && (
                    <IconButton
                      label={`Clear ${name}`}
                      size="sm"
                      onClick={() => setAnnotations((current) => current.filter((a) => !sameTarget(a, t)))}
                    >
                      <Eraser aria-hidden="true" />
                    </IconButton>
                  )}
                </li>
              );
            })}
        </ul>
        {annotate.isError && <ErrorAlert>{annotate.error.message}</ErrorAlert>}
        <div className="flex flex-wrap gap-2">
          <Button
            loading={annotate.isPending}
            onClick={() =>
              annotate.mutate(
                { id: training.id, annotations },
                {
                  onSuccess: () => {
                    toast.success(
                      'Marks saved',
                      `${annotations.length} marked on ${training.document_name}.`,
                    );
                    onClose();
                  },
                },
              )
            }
          >
            Save marks
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </aside>
    </div>
  );
}

function firstTarget(label: Label): Target {
  return label.type === 'table'
    ? { labelKey: label.key, row: 0, column: label.columns[0]?.key ?? '' }
    : { labelKey: label.key };
}

/** The targets of a label: itself, or its cells row by row (the marked rows and one more). */
function targetsOf(label: Label, annotations: Annotation[]): Target[] {
  if (label.type !== 'table') return [{ labelKey: label.key }];
  const rows = annotations
    .filter((a) => a.label_key === label.key)
    .reduce((n, a) => Math.max(n, (a.row ?? 0) + 1), 0);
  const targets: Target[] = [];
  for (let row = 0; row <= rows; row += 1) {
    for (const column of label.columns) targets.push({ labelKey: label.key, row, column: column.key });
  }
  return targets;
}

/** After marking, the next thing to mark: the next cell of a row, the next row, or the next label. */
function nextTarget(labels: Label[], t: Target): Target | null {
  const index = labels.findIndex((l) => l.key === t.labelKey);
  const label = labels[index];
  if (!label) return null;
  if (label.type === 'table') {
    const c = label.columns.findIndex((col) => col.key === t.column);
    const nextColumn = label.columns[c + 1];
    if (nextColumn) return { labelKey: label.key, row: t.row ?? 0, column: nextColumn.key };
    return { labelKey: label.key, row: (t.row ?? 0) + 1, column: label.columns[0]?.key ?? '' };
  }
  const next = labels[index + 1];
  return next ? firstTarget(next) : null;
}
