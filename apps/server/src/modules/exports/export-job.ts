import { randomUUID } from 'node:crypto';
import { type StartExport, startExportSchema } from '@counterpart/contracts';
import { CONTENT_TYPES, createTableWriter } from '@counterpart/files';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JobDefinition, JobQueue } from '../../jobs/job-types.ts';
import { createFileStore } from '../../storage/file-store.ts';
import { exportSource } from './export-areas.ts';
import { purgeExpiredExports, recordExport } from './exports.service.ts';

export const EXPORT_JOB = 'export';

interface ExportJobDeps {
  config: Config;
  database: Database;
}

/** `notifications-2026-11-22.csv`, `bank-statement-2026-11-22.xlsx` (the day in UTC). */
export function exportFileName(base: string, format: StartExport['format'], now = new Date()) {
  return `${base}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * The generic export: reads an area's rows in batches, writes them as CSV or XLSX to the file
 * store, and finishes with a download URL only its owner can use until EXPORT_TTL_SECONDS pass.
 * Progress: 5 reading, 10→90 per batch written, 95 saving. Expired exports' files are deleted
 * first, so storage holds at most what is still downloadable (plus what expired since the last export).
 */
export function createExportJob({ config, database }: ExportJobDeps): JobDefinition<StartExport> {
  const store = createFileStore(config.dataDir);
  return {
    name: EXPORT_JOB,
    source: 'export_document',
    retryLimit: 2,
    async run({ data, owner, progress, signal }) {
      const request = startExportSchema.parse(data);
      const { format } = request;
      await progress(5, 'Reading rows');
      await purgeExpiredExports(database.db, store);
      const source = await exportSource(request, database.db, owner);
      const total = await source.count();
      const fileName = exportFileName(source.fileBase ?? request.area, format);
      const storagePath = `exports/${owner.organizationId}/${randomUUID()}/${fileName}`;

      const sizeBytes = await store.save(storagePath, async (output) => {
        const writer = createTableWriter(format, output, source);
        await progress(10, `Writing ${total} rows`);
        let written = 0;
        for await (const rows of source.batches()) {
          signal.throwIfAborted();
          await writer.writeRows(rows);
          written += rows.length;
          const percent = 10 + Math.floor((80 * written) / Math.max(total, written));
          await progress(percent, `Writing rows: ${written} of ${Math.max(total, written)}`);
        }
        await progress(95, 'Saving file');
        await writer.finish();
      });

      try {
        const url = await recordExport(database.db, {
          owner,
          fileName,
          contentType: CONTENT_TYPES[format],
          storagePath,
          sizeBytes,
          ttlSeconds: config.exportTtlSeconds,
        });
        return { message: `Export ready: ${fileName}`, url };
      } catch (error) {
        await store.remove(storagePath);
        throw error;
      }
    },
  };
}

/** Registers the `export` job (source export_document) on the queue. */
export function defineExportJob(jobs: JobQueue, deps: ExportJobDeps): void {
  jobs.define(createExportJob(deps));
}
