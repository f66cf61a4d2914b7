import { MODEL_KIND_LABELS, type Model } from '@counterpart/contracts';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { DOCUMENT_TYPE_LABELS, LABEL_TYPE_LABELS, STATE_LABELS, STATE_TONES } from './model-display.ts';

const SEPARATORS = { '.': 'point', ',': 'comma' } as const;
const DATE_ORDERS = { DMY: 'day first', MDY: 'month first', YMD: 'year first' } as const;

/** A model at a glance: state (and why), kind, labels, how it reads, its documents and runs. */
export function ModelSummary({ model }: { model: Model }) {
  const c = model.configuration;
  return (
    <div className="space-y-5 p-5 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={STATE_TONES[model.state]} label={STATE_LABELS[model.state]} />
        {model.state_reason && <p className="text-zinc-700 dark:text-zinc-300">{model.state_reason}</p>}
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
        <Term name="Kind">{MODEL_KIND_LABELS[model.kind]}</Term>
        <Term name="Document type">{DOCUMENT_TYPE_LABELS[model.document_type]}</Term>
        <Term name="Review below">{Math.round(c.confidence_threshold * 100)}% confidence</Term>
        <Term name="Dates">{DATE_ORDERS[c.date_order]}</Term>
        <Term name="Decimal separator">{SEPARATORS[c.decimal_separator]}</Term>
        <Term name="Currency">{c.currency}</Term>
        <Term name="Training documents">{model.training_documents}</Term>
        <Term name="Executions">{model.executions}</Term>
        <Term name="Last run">
          {model.last_execution_at ? formatDateTime(model.last_execution_at) : 'Never'}
        </Term>
        {model.kind === 'rule_based' && (
          <Term name="Layout words">
            {c.selection.keywords.length > 0 ? c.selection.keywords.join(', ') : 'Every document'}
          </Term>
        )}
      </dl>
      <div>
        <h3 className="mb-2 font-semibold">Labels ({model.labels.length})</h3>
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {model.labels.map((label) => (
            <li key={label.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
              <span>
                <span className="font-medium">{label.name}</span>{' '}
                <code className="text-xs text-zinc-500 dark:text-zinc-400">{label.key}</code>
              </span>
              <span className="text-zinc-600 dark:text-zinc-300">
                {LABEL_TYPE_LABELS[label.type]}
                {label.type === 'table' ? `: ${label.columns.map((col) => col.name).join(', ')}` : ''}
                {label.required ? ' · required' : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Term({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{name}</dt>
      <dd className="mt-0.5 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}
