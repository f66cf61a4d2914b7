import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Sends a multipart body in the given pieces, pausing between them, so the server reads each
 * piece as its own chunk: how some clients (and slow networks) deliver an upload. The pieces'
 * edges are what a test controls, e.g. a chunk ending exactly at a size limit.
 */
export async function pacedMultipartUpload(options: {
  url: string;
  headers: Record<string, string>;
  boundary: string;
  pieces: Buffer[];
  pauseMs?: number;
}): Promise<{ status: number; body: string }> {
  const total = options.pieces.reduce((sum, piece) => sum + piece.length, 0);
  return new Promise((resolve, reject) => {
    const req = request(
      options.url,
      {
        method: 'POST',
        headers: {
          ...options.headers,
          'content-type': `multipart/form-data; boundary=${options.boundary}`,
          'content-length': String(total),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const [index, piece] of options.pieces.entries()) {
        if (index > 0) await sleep(options.pauseMs ?? 300);
        await new Promise<void>((done) => req.write(piece, () => done()));
      }
      req.end();
    })();
  });
}
