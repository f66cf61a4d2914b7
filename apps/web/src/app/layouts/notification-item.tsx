import { downloadTarget, type FeedItem, isErrorStatus } from '@counterpart/domain';
import { CircleAlert, CircleCheck, Download, Info, X } from 'lucide-react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { DOWNLOAD_FAILED, DOWNLOADING_MESSAGE, downloadFile } from '../realtime/export-download.ts';

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : TIME_FORMAT.format(time);
}

function StatusIcon({ status }: { status: string | undefined }) {
  if (isErrorStatus(status)) return <CircleAlert className="text-red-600 dark:text-red-400" />;
  if (status?.toLowerCase() === 'completed')
    return <CircleCheck className="text-green-600 dark:text-green-400" />;
  return <Info className="text-sky-600 dark:text-sky-400" />;
}

async function download(url: string, fileName: string) {
  toast.success(DOWNLOADING_MESSAGE);
  try {
    await downloadFile(url, fileName);
  } catch (error) {
    toast.error(DOWNLOAD_FAILED, error instanceof Error ? error.message : undefined);
  }
}

/** One stored notification: what happened, when, a Download link when it carries a file, and Dismiss. */
export function NotificationItem({ item, onDismiss }: { item: FeedItem; onDismiss: () => void }) {
  const time = formatTime(item.created_at);
  const target = downloadTarget(item.info);
  const unread = item.read !== true;
  return (
    <li
      className={classNames(
        'relative flex gap-2.5 rounded-lg border p-3 pr-10 text-sm [&>span_svg]:size-4',
        unread
          ? 'border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900'
          : 'border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/40',
      )}
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        <StatusIcon status={item.info.status} />
      </span>
      <div className="min-w-0 flex-1">
        <p className={classNames('break-words text-zinc-900 dark:text-zinc-50', unread && 'font-medium')}>
          {unread && <span className="sr-only">Unread: </span>}
          {item.info.message || 'Notification'}
        </p>
        {time && (
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            <time dateTime={item.created_at}>{time}</time>
          </p>
        )}
        {target && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            aria-label={`Download ${target.fileName}`}
            onClick={() => void download(target.url, target.fileName)}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
      </div>
      <IconButton label="Dismiss" size="sm" onClick={onDismiss} className="absolute top-2 right-2">
        <X />
      </IconButton>
    </li>
  );
}
