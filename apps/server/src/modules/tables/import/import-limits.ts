/** The limits of an import, in one place (the routes take overrides, so tests can use small ones). */
export interface ImportLimits {
  /** The largest upload accepted (413 beyond). */
  maxUploadBytes: number;
  /** The most an XLSX may expand to when unpacked (its zip entries together). */
  maxUnpackedBytes: number;
  /** The largest expansion ratio of one zip entry bigger than 1 MiB unpacked. */
  maxEntryRatio: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxUploadBytes: 200 * 1024 * 1024,
  maxUnpackedBytes: 2 * 1024 * 1024 * 1024,
  maxEntryRatio: 400,
};

/** Data rows shown in the proposal. */
export const SAMPLE_ROWS = 20;
/** Line errors kept on an import (the count goes on). */
export const MAX_KEPT_ERRORS = 1000;
/** The import job's time limit (a longer run is failed and its rows taken out). */
export const IMPORT_JOB_LIMIT_SECONDS = 3600;
/** Rows per insert statement. */
export const INSERT_BATCH_ROWS = 5000;
