import type { EventBus, RealtimeEvent } from '../src/realtime/realtime-event.ts';
import type { TestServer } from './test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: test response bodies are checked field by field
export type Json = any;

/** A JSON call to the test server as a signed-in user, in an organization (or none). */
export function createApiCall(server: TestServer) {
  return async function call(
    method: string,
    path: string,
    token: string,
    organization: string | null,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(organization ? { organization } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/** An event bus that records what is published, as the socket hub would receive it. */
export function createRecordingBus(): EventBus & { published: RealtimeEvent[] } {
  const published: RealtimeEvent[] = [];
  return {
    published,
    publish: async (event) => {
      published.push(event);
    },
    subscribe: () => () => {},
    close: async () => {},
  };
}
