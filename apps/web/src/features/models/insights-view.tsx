import type { Model } from '@counterpart/contracts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { formatConfidence } from './model-display.ts';
import { useInsights } from './models-api.ts';

const DIRECTIONS: Record<string, string> = {
  right: 'left of the value',
  below: 'above the value',
  above: 'below the value',
};

/**
 * What an AI model learned: per field the words it finds the value by, the value's shape and how often it
 * is right on training documents it was not trained on; and how that changed with each added document.
 */
export function InsightsView({ model }: { model: Model }) {
  const insights = useInsights(model.id, model.kind === 'ai');
  if (model.state === 'training') return <Spinner label="The model is learning" className="m-6" />;
  if (insights.isPending) return <Spinner label="Loading what the model learned" className="m-6" />;
  if (insights.isError) return <ErrorAlert className="p-5">{insights.error.message}</ErrorAlert>;
  const data = insights.data;
  if (data.training_documents === 0) {
    return (
      <p className="p-5 text-sm text-zinc-600 dark:text-zinc-300">
        The model has learned nothing yet: mark the fields on a training document first.
      </p>
    );
  }
  return (
    <div className="space-y-5 p-5 text-sm">
      <p>
        Learned from {data.training_documents} {data.training_documents === 1 ? 'document' : 'documents'} in{' '}
        {data.layouts} {data.layouts === 1 ? 'layout' : 'layouts'}.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full">
          <caption className="sr-only">What the model learned per field</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs tracking-wide text-zinc-500 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <th scope="col" className="py-2 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Found by the words
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Looks like
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                Examples
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Right on unseen
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {data.fields.map((field) => (
              <tr key={field.key} className="align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {field.name}
                </th>
                <td className="py-2 pr-3">
                  {field.anchors.length === 0
                    ? 'its place on the page'
                    : field.anchors
                        .slice(0, 3)
                        .map((a) => `“${a.text}” ${DIRECTIONS[a.direction] ?? a.direction}`)
                        .join('; ')}
                </td>
                <td className="hidden py-2 pr-3 font-mono text-xs sm:table-cell">
                  {field.shape ?? 'any text'}
                </td>
                <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{field.examples}</td>
                <td className="py-2 text-right tabular-nums">
                  {field.accuracy === null ? 'needs 2 documents' : formatConfidence(field.accuracy)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.history.length > 0 && (
        <figure>
          <figcaption className="mb-2 font-semibold">
            Right on unseen documents, as documents were added
          </figcaption>
          <ol className="space-y-1">
            {data.history.map((h) => (
              <li key={h.training_documents} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-2">
                <span>
                  {h.training_documents} {h.training_documents === 1 ? 'document' : 'documents'}
                </span>
                <span className="h-2 rounded bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
                  <span
                    className="block h-2 rounded bg-[var(--color-primary)]"
                    style={{ width: `${Math.round((h.accuracy ?? 0) * 100)}%` }}
                  />
                </span>
                <span className="text-right tabular-nums">
                  {h.accuracy === null ? '—' : formatConfidence(h.accuracy)}
                </span>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </div>
  );
}
