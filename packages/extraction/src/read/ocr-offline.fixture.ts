// Run by read-ocr.test.ts in a process with no network (unshare -rn): OCR must still work.
import { createCanvas } from '@napi-rs/canvas';
import { readDocumentTokens } from './read-document.ts';

const canvas = createCanvas(700, 120);
const context = canvas.getContext('2d');
context.fillStyle = '#ffffff';
context.fillRect(0, 0, 700, 120);
context.fillStyle = '#000000';
context.font = '40px sans-serif';
context.fillText('Total KES 104,400.00', 40, 75);
const doc = await readDocumentTokens(await canvas.encode('png'));
process.stdout.write(`${doc.tokens.map((t) => t.text).join(' ')}\n`);
