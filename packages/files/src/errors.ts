/**
 * A file that cannot be read for a reason of its own (damaged, not what it claims, past a limit):
 * the message is for the person who sent it and names the file, and where it applies the line and
 * column. The apps answer it as a refusal of the file (a 400, a failed document).
 */
export class FileReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileReadError';
  }
}

/** A size for people: "2 GB", "25 MB", "64 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${Math.round(bytes / (1024 * 1024 * 1024))} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
