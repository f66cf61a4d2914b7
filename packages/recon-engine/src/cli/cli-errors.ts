/**
 * The CLI's two kinds of refusal: a usage error (wrong flags or map: exit code 2) and a data error
 * (a file that cannot be read as asked: exit code 1). Both print their message alone, no stack.
 */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export class DataError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'DataError';
  }
}

/** One row that could not be read: where and why, as printed. */
export interface BadRow {
  line: number;
  message: string;
}
