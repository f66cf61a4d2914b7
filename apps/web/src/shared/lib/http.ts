import { extractErrorMessage } from '@counterpart/domain';

export type SessionProblem = 'unauthorized' | 'network';

export interface HttpClientConfig {
  /** Prefix of every path, e.g. '' (same origin) or 'https://api.example.com'. */
  baseUrl?: string;
  getToken: () => Promise<string | undefined> | string | undefined;
  getOrganizationId: () => string | null;
  /** Called on a 401 answer ('unauthorized') or when the server cannot be reached ('network'). */
  onSessionProblem: (reason: SessionProblem) => void;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions<T> {
  query?: QueryParams;
  /** Validates the answer (a zod schema fits); without it the answer is trusted as T. */
  schema?: { parse(data: unknown): T };
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type DownloadOptions = Omit<RequestOptions<never>, 'schema'>;

export interface HttpClient {
  get<T>(path: string, opts?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: RequestOptions<T>): Promise<T>;
  put<T>(path: string, body?: unknown, opts?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body?: unknown, opts?: RequestOptions<T>): Promise<T>;
  /** `opts.body`: a JSON body, for the DELETE routes that read one (e.g. revoking roles). */
  delete<T>(path: string, opts?: RequestOptions<T> & { body?: unknown }): Promise<T>;
  download(path: string, opts?: DownloadOptions): Promise<Blob>;
}

/** A failed request: `status` is the HTTP status (0 when the server could not be reached). */
export class HttpError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown) {
    super(extractErrorMessage(data));
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  const url = `${baseUrl}${path}`;
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** Bodies fetch sends as they are (it sets the multipart boundary for FormData itself). */
function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Per-request headers win over the defaults, whatever their letter case. */
function mergeHeaders(defaults: Record<string, string>, overrides: Record<string, string> = {}): Headers {
  const headers = new Headers(defaults);
  for (const [name, value] of Object.entries(overrides)) headers.set(name, value);
  return headers;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const baseUrl = config.baseUrl ?? '';

  async function send(
    method: Method,
    path: string,
    body: unknown,
    opts: DownloadOptions,
    accept: string,
  ): Promise<Response> {
    const token = await config.getToken();
    const organizationId = config.getOrganizationId();
    const headers: Record<string, string> = {
      Accept: accept,
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (organizationId) headers.Organization = organizationId;

    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        payload = body;
      } else {
        payload = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
    }

    let response: Response;
    try {
      response = await fetch(buildUrl(baseUrl, path, opts.query), {
        method,
        headers: mergeHeaders(headers, opts.headers),
        body: payload,
        signal: opts.signal,
      });
    } catch (error) {
      if (isAbort(error, opts.signal)) throw error;
      config.onSessionProblem('network');
      throw new HttpError(0, undefined);
    }

    if (!response.ok) {
      const data = await readBody(response).catch(() => undefined);
      if (response.status === 401) config.onSessionProblem('unauthorized');
      throw new HttpError(response.status, data);
    }
    return response;
  }

  async function request<T>(method: Method, path: string, body: unknown, opts: RequestOptions<T> = {}) {
    const { schema, ...rest } = opts;
    const response = await send(method, path, body, rest, 'application/json');
    const data = await readBody(response);
    return schema ? schema.parse(data) : (data as T);
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, opts) => {
      const { body, ...rest } = opts ?? {};
      return request('DELETE', path, body, rest);
    },
    download: async (path, opts = {}) => {
      const response = await send('GET', path, undefined, opts, '*/*');
      return response.blob();
    },
  };
}
