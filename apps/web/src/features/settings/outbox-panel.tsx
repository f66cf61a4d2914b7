import type { ReactNode } from 'react';
import { useState } from 'react';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { SETTINGS_PAGE_SIZE, useOutbox } from './settings-api.ts';

/** Links in a text body, so they can be followed from here when no SMTP server sends the e-mail. */
function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const start = match.index;
    parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={match[0]}
        className="break-all text-[var(--color-primary-text)] underline underline-offset-2"
      >
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** E-mails the server wrote (shown when there are some): subject, recipient, time, body with its link. */
export function OutboxPanel() {
  const canRead = useCan('update', 'settings');
  const [pageNo, setPageNo] = useState(1);
  const outbox = useOutbox(pageNo, canRead);
  if (!outbox.data || outbox.data.total === 0) return null;

  return (
    <Panel
      title="Outbox"
      description={
        outbox.data.smtp_configured
          ? 'E-mails sent by the server.'
          : 'No SMTP server is set (SMTP_URL): e-mails are kept here. Pass the links on by hand. A password reset of someone who also belongs to another organization is not shown here: the server operator reads it with npm run outbox.'
      }
    >
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {outbox.data.data.map((email) => (
          <li key={email.id}>
            <details className="group px-4 py-3 sm:px-5">
              <summary className="flex cursor-pointer list-none flex-col gap-0.5 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] sm:flex-row sm:items-center sm:gap-4">
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                  {email.subject}
                </span>
                <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                  To {email.to_address}
                </span>
                <time dateTime={email.created_at} className="text-xs text-zinc-500 dark:text-zinc-400">
                  {formatDateTime(email.created_at)}
                </time>
              </summary>
              <pre className="mt-3 overflow-x-auto rounded-lg bg-zinc-50 p-3 font-sans text-sm whitespace-pre-wrap text-zinc-700 dark:bg-zinc-950 dark:text-zinc-300">
                {linkify(email.text_body)}
              </pre>
              {email.error && (
                <p className="mt-2 text-xs text-red-600 dark:text-red-400">Not sent: {email.error}</p>
              )}
            </details>
          </li>
        ))}
      </ul>
      <PageNav pageNo={pageNo} pageSize={SETTINGS_PAGE_SIZE} total={outbox.data.total} onPage={setPageNo} />
    </Panel>
  );
}
