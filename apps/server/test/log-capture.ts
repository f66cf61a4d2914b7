import { PassThrough } from 'node:stream';

/** A log stream to hand to buildApp (`logStream`) and everything written to it so far. */
export function captureLogs(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { stream, text: () => text };
}
