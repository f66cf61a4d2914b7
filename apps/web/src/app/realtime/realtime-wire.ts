import type { RealtimeInfo } from '@counterpart/contracts';
import type { IncomingMessage } from '@counterpart/domain';

/** `ws(s)://<this host>/ws/notifications/?organization_id=…&token=…` (spec §7), same origin as the app. */
export function socketAddress(
  location: Pick<Location, 'protocol' | 'host'>,
  organizationId: string,
  token: string,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ organization_id: organizationId, token });
  return `${scheme}://${location.host}/ws/notifications/?${query}`;
}

const INFO_TEXT = ['status', 'message', 'url', 'displayType'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readInfo(value: unknown): RealtimeInfo {
  if (!isRecord(value)) return {};
  const info: RealtimeInfo = {};
  for (const key of INFO_TEXT) {
    const text = value[key];
    if (typeof text === 'string') info[key] = text;
  }
  if (typeof value.progress === 'number' && Number.isFinite(value.progress)) info.progress = value.progress;
  return info;
}

/**
 * A socket frame as a message `{ id, source, info }`; null when it is not one. The id is passed on as
 * it came (or missing): the reducer, not the wire, rejects a process without id (spec §5).
 */
export function parseFrame(text: string): IncomingMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || typeof data.source !== 'string' || data.source === '') return null;
  const id =
    typeof data.id === 'string' ? data.id : typeof data.id === 'number' ? String(data.id) : undefined;
  return { id, source: data.source, info: readInfo(data.info) };
}
