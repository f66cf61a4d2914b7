import { type BackgroundProcess, downloadTarget, isDownloadSource } from '@counterpart/domain';
import { saveBlob, saveUrl } from '../../shared/lib/download.ts';
import { runInOneTab } from '../../shared/lib/in-one-tab.ts';
import { http } from '../../shared/session/http-client.ts';
import { toast } from '../../shared/ui/toast.tsx';

export const DOWNLOADING_MESSAGE = 'Downloading...';
export const DOWNLOAD_FAILED = 'Download failed';

export interface DownloadDependencies {
  saveFile: (url: string, fileName: string) => Promise<void>;
  notify: { success: (title: string) => void; error: (title: string, message?: string) => void };
  once: (key: string, task: () => Promise<void>) => Promise<void>;
}

/**
 * Same origin: a blob request carrying the bearer token and the Organization header (spec §7), then
 * saved under the file name. Elsewhere the token must not travel: the browser fetches the link itself.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) {
    saveUrl(target.href, fileName);
    return;
  }
  const blob = await http.download(`${target.pathname}${target.search}`);
  saveBlob(blob, fileName);
}

const browserDependencies: DownloadDependencies = {
  saveFile: downloadFile,
  notify: toast,
  once: runInOneTab,
};

/**
 * Spec §4 "Export download": a completed export_document or dashboards process whose info.url (or
 * message) names a file shows 'Downloading...' and downloads it — in one tab of the browser only.
 */
export async function downloadCompletedProcess(
  process: BackgroundProcess,
  dependencies: DownloadDependencies = browserDependencies,
): Promise<void> {
  if (!isDownloadSource(process.source)) return;
  const target = downloadTarget(process.info);
  if (!target) return;
  await dependencies.once(`counterpart-download:${process.id}`, async () => {
    dependencies.notify.success(DOWNLOADING_MESSAGE);
    try {
      await dependencies.saveFile(target.url, target.fileName);
    } catch (error) {
      dependencies.notify.error(DOWNLOAD_FAILED, error instanceof Error ? error.message : undefined);
    }
  });
}
