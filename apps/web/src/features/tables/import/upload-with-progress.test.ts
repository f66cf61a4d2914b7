import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../shared/lib/http.ts';
import { percentOf, type UploadRequest, uploadWithProgress } from './upload-with-progress.ts';

class FakeRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  contentType = 'application/json; charset=utf-8';
  aborted = false;
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function start(overrides: Partial<Parameters<typeof uploadWithProgress>[0]> = {}) {
  const request = new FakeRequest();
  const body = new FormData();
  body.append('file', new Blob(['a,b\n1,2\n']), 'lines.csv');
  const promise = uploadWithProgress({
    url: '/api/tables/storage/counterpart_tables/imports',
    body,
    token: 'token-1',
    organizationId: 'org-1',
    createRequest: () => request,
    ...overrides,
  });
  return { request, promise };
}

describe('uploadWithProgress', () => {
  it('sends the bearer token and Organization header the HTTP client sends, and the form', async () => {
    const { request, promise } = start();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/tables/storage/counterpart_tables/imports');
    expect(request.headers.Authorization).toBe('Bearer token-1');
    expect(request.headers.Organization).toBe('org-1');
    expect(request.body?.get('file')).toBeInstanceOf(Blob);
    request.answer(201, { id: 'imp-1' });
    await expect(promise).resolves.toEqual({ id: 'imp-1' });
  });

  it('reports progress in whole percent', () => {
    const onProgress = vi.fn();
    const { request } = start({ onProgress });
    request.upload.onprogress?.({ loaded: 512, total: 2048, lengthComputable: true } as ProgressEvent);
    request.upload.onprogress?.({ loaded: 10, total: 0, lengthComputable: false } as ProgressEvent);
    expect(onProgress).toHaveBeenNthCalledWith(1, { loaded: 512, total: 2048, percent: 25 });
    expect(onProgress).toHaveBeenNthCalledWith(2, { loaded: 10, total: 0, percent: 0 });
  });

  it("rejects with the server's message and status", async () => {
    const { request, promise } = start();
    request.answer(400, { message: 'lines.csv is not a CSV or XLSX file (its content is binary)' });
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toBe('lines.csv is not a CSV or XLSX file (its content is binary)');
  });

  it('tells the session about a 401 and a network failure', async () => {
    const onSessionProblem = vi.fn();
    const first = start({ onSessionProblem });
    first.request.answer(401, { message: 'Unauthorized' });
    await expect(first.promise).rejects.toBeInstanceOf(HttpError);
    const second = start({ onSessionProblem });
    second.request.onerror?.();
    await expect(second.promise).rejects.toMatchObject({ status: 0 });
    expect(onSessionProblem.mock.calls).toEqual([['unauthorized'], ['network']]);
  });

  it('aborts when the signal fires', async () => {
    const controller = new AbortController();
    const { request, promise } = start({ signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(request.aborted).toBe(true);
  });

  it('leaves out the headers it has no value for', async () => {
    const { request, promise } = start({ token: undefined, organizationId: null });
    expect(request.headers.Authorization).toBeUndefined();
    expect(request.headers.Organization).toBeUndefined();
    request.answer(201, {});
    await promise;
  });

  it('computes percent within 0–100', () => {
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(3, 2)).toBe(100);
    expect(percentOf(1, 3)).toBe(33);
  });
});
