import { HttpError } from '../../../shared/lib/http.ts';

/** Bytes sent so far of the whole request body (the file plus a little multipart framing). */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole percent; 0 while the total is not known. */
  percent: number;
}

/** What XMLHttpRequest offers that an upload needs (a fake stands in for it in tests). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  getResponseHeader(name: string): string | null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadOptions {
  url: string;
  body: FormData;
  /** The same bearer token and Organization header the app's HTTP client sends. */
  token: string | undefined;
  organizationId: string | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Called on a 401 answer or when the server cannot be reached, like the HTTP client's. */
  onSessionProblem?: (reason: 'unauthorized' | 'network') => void;
  createRequest?: () => UploadRequest;
}

export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

function bodyOf(request: UploadRequest): unknown {
  const text = request.responseText;
  if (!text) return undefined;
  if (!(request.getResponseHeader('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart body with XMLHttpRequest, whose upload progress events fetch does not offer.
 * Resolves with the parsed JSON answer; rejects with the client's HttpError (status 0 when the
 * server could not be reached), or an AbortError when the signal fires.
 */
export function uploadWithProgress(options: UploadOptions): Promise<unknown> {
  const request = options.createRequest?.() ?? (new XMLHttpRequest() as unknown as UploadRequest);
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const onAbort = () => request.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);

    request.open('POST', options.url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Cache-Control', 'no-cache');
    request.setRequestHeader('Pragma', 'no-cache');
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    if (options.organizationId) request.setRequestHeader('Organization', options.organizationId);
    request.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : 0;
      options.onProgress?.({ loaded: event.loaded, total, percent: percentOf(event.loaded, total) });
    };
    request.onload = () => {
      settle();
      const data = bodyOf(request);
      if (request.status >= 200 && request.status < 300) {
        resolve(data);
        return;
      }
      if (request.status === 401) options.onSessionProblem?.('unauthorized');
      reject(new HttpError(request.status, data));
    };
    request.onerror = () => {
      settle();
      options.onSessionProblem?.('network');
      reject(new HttpError(0, undefined));
    };
    request.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    request.send(options.body);
  });
}
