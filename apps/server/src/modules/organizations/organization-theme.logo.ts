import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../errors.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { looksLikeSvg, SvgRejected, sanitizeSvg } from './organization-theme.svg.ts';

/** What kinds of logo are accepted, by file extension, with the type they are served as. */
export const LOGO_CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
} as const;
export type LogoExtension = keyof typeof LOGO_CONTENT_TYPES;

/** Uploaded logos live at DATA_DIR/files/logos/<sha256>.<ext> and are served at /files/logos/. */
export const LOGO_FOLDER = 'logos';
export const LOGO_URL_PREFIX = '/files/logos/';
const LOGO_FILE = /^([0-9a-f]{64})\.(png|jpg|svg)$/;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Raised for a file that is none of the accepted kinds (or an SVG that does not parse). */
export const unsupportedLogo = (why?: string) =>
  new AppError(415, `The logo must be a PNG, JPEG or SVG image${why ? `: ${why}` : ''}`);

/**
 * Decides what an upload is from its bytes, never from its name or declared type: PNG and JPEG
 * by their signature, SVG by parsing it. An SVG comes back rebuilt by the sanitiser.
 */
export function inspectLogo(bytes: Buffer): { extension: LogoExtension; content: Buffer } {
  if (bytes.length >= PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) {
    return { extension: 'png', content: bytes };
  }
  if (bytes.length > JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) {
    return { extension: 'jpg', content: bytes };
  }
  const text = decodeUtf8(bytes);
  if (text === null || !looksLikeSvg(text)) throw unsupportedLogo();
  try {
    return { extension: 'svg', content: Buffer.from(sanitizeSvg(text), 'utf8') };
  } catch (error) {
    if (error instanceof SvgRejected) throw unsupportedLogo(`the SVG could not be read (${error.message})`);
    throw error;
  }
}

/** Strict UTF-8 (a byte order mark is allowed); null for anything else, binary included. */
function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Stores a checked logo under its content's SHA-256 (the same logo twice is one file) and
 * returns the public URL.
 */
export async function saveLogo(
  store: FileStore,
  logo: { extension: LogoExtension; content: Buffer },
): Promise<string> {
  const name = `${createHash('sha256').update(logo.content).digest('hex')}.${logo.extension}`;
  const relativePath = `${LOGO_FOLDER}/${name}`;
  const exists = await access(path.join(store.root, relativePath)).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await store.save(relativePath, async (output) => {
      output.end(logo.content);
    });
  }
  return `${LOGO_URL_PREFIX}${name}`;
}

/** The stored file and content type for a public logo file name; null for any other name. */
export function findLogoFile(fileName: string): { relativePath: string; contentType: string } | null {
  const match = LOGO_FILE.exec(fileName);
  const extension = match?.[2] as LogoExtension | undefined;
  if (!match || !extension) return null;
  return { relativePath: `${LOGO_FOLDER}/${fileName}`, contentType: LOGO_CONTENT_TYPES[extension] };
}
