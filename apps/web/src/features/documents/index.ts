// The documents feature's public face: what other features (workflows) use of it. Nothing else is imported
// from outside features/documents (dependency-cruiser's features-through-public-index).
export { formatSize } from './document-status.ts';
export { uploadDocument, useDocument, useOriginal } from './documents-api.ts';
