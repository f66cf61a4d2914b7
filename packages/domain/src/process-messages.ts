/**
 * The browser's real-time state (spec §3 "Notification", "Background process", "Real-time message")
 * and the reducer of spec §4 "Process messages" / "Notification messages" / "Export download".
 *
 * Errors: spec §4 says both "a message with status error removes the matching process" and "an error
 * process shows as a closable error alert with message and id". Both hold here: an error message removes
 * the running process (its card, wherever it was) and puts an error entry with the same id at the front
 * of the list, which the panel renders as a closable error alert until the user closes it.
 */
import { NOTIFICATION_SOURCES, PROCESS_SOURCES, type RealtimeInfo } from '@counterpart/contracts';

export const PROCESS_ID_REQUIRED = 'Provided data for background processes must have ID';

/** Sources whose completed processes download their file (spec §4 "Export download"). */
export const DOWNLOAD_SOURCES = ['export_document', 'dashboards'] as const;

export type FeedList = 'processes' | 'notifications' | 'messages';

/** A message as it comes off the socket; `id` is checked here, not trusted. */
export interface IncomingMessage {
  id?: string | null;
  source: string;
  info?: RealtimeInfo | null;
}

/** A background process: id, source and the last info (status, progress, message, url, displayType). */
export interface BackgroundProcess {
  id: string;
  source: string;
  info: RealtimeInfo;
}

/** An entry of the notifications or messages list; stored notifications also carry read and created_at. */
export interface FeedItem {
  id?: string;
  source: string;
  info: RealtimeInfo;
  read?: boolean;
  created_at?: string;
}

export interface RealtimeState {
  processes: BackgroundProcess[];
  notifications: FeedItem[];
  messages: FeedItem[];
}

export interface ProcessCompleted {
  type: 'process-completed';
  process: BackgroundProcess;
}

export interface AppliedMessage {
  state: RealtimeState;
  events: ProcessCompleted[];
}

const processSources: readonly string[] = PROCESS_SOURCES;
const notificationSources: readonly string[] = NOTIFICATION_SOURCES;
const downloadSources: readonly string[] = DOWNLOAD_SOURCES;

/** Which list a source fills (spec §3): processes, notifications, or messages for anything else. */
export function routeMessage(source: string): FeedList {
  if (processSources.includes(source)) return 'processes';
  if (notificationSources.includes(source)) return 'notifications';
  return 'messages';
}

/** 'error' in any letter case. */
export function isErrorStatus(status: string | undefined): boolean {
  return status?.toLowerCase() === 'error';
}

/** The percent a process shows: info.progress (default 0), within 0–100. */
export function processProgress(process: BackgroundProcess): number {
  const progress = process.info.progress ?? 0;
  return Number.isFinite(progress) ? Math.max(0, Math.min(100, progress)) : 0;
}

export function isDownloadSource(source: string): boolean {
  return downloadSources.includes(source);
}

function withoutProcess(processes: BackgroundProcess[], id: string): BackgroundProcess[] {
  return processes.filter((process) => process.id !== id);
}

function reduceProcesses(
  processes: BackgroundProcess[],
  process: BackgroundProcess,
): { processes: BackgroundProcess[]; completed: boolean } {
  if (isErrorStatus(process.info.status)) {
    return { processes: [process, ...withoutProcess(processes, process.id)], completed: false };
  }
  if ((process.info.progress ?? 0) >= 100) {
    return { processes: withoutProcess(processes, process.id), completed: true };
  }
  const index = processes.findIndex((existing) => existing.id === process.id);
  if (index < 0) return { processes: [process, ...processes], completed: false };
  return { processes: processes.with(index, process), completed: false };
}

/** Adds an item at the front; an item whose id is already listed replaces it where it is. */
function prependOrReplace(list: FeedItem[], item: FeedItem): FeedItem[] {
  const index = item.id === undefined ? -1 : list.findIndex((existing) => existing.id === item.id);
  return index < 0 ? [item, ...list] : list.with(index, item);
}

/**
 * Applies one real-time message to the state (never mutates it). Process messages need an id
 * (else throws PROCESS_ID_REQUIRED); progress ≥ 100 emits process-completed and removes the process.
 */
export function applyRealtimeMessage(state: RealtimeState, message: IncomingMessage): AppliedMessage {
  const info: RealtimeInfo = { ...(message.info ?? {}) };
  const list = routeMessage(message.source);
  if (list === 'processes') {
    if (typeof message.id !== 'string' || message.id === '') throw new Error(PROCESS_ID_REQUIRED);
    const process: BackgroundProcess = { id: message.id, source: message.source, info };
    const next = reduceProcesses(state.processes, process);
    return {
      state: { ...state, processes: next.processes },
      events: next.completed ? [{ type: 'process-completed', process }] : [],
    };
  }
  const item: FeedItem = { source: message.source, info };
  if (typeof message.id === 'string' && message.id !== '') item.id = message.id;
  const processes = dropFinishedProcesses(state.processes, [item]);
  return { state: { ...state, processes, [list]: prependOrReplace(state[list], item) }, events: [] };
}

/**
 * A notification about a finished job names its process: a card still shown for it (the tab was
 * away when the job ended) is stale and goes. Error entries stay until the user closes them.
 */
function dropFinishedProcesses(processes: BackgroundProcess[], items: FeedItem[]): BackgroundProcess[] {
  const finished = new Set(items.map((item) => item.info?.process_id).filter((id) => id !== undefined));
  if (finished.size === 0) return processes;
  return processes.filter((p) => !finished.has(p.id) || isErrorStatus(p.info.status));
}

/**
 * Merges stored notifications (newest first, as GET /api/notifications answers) into the list:
 * new ones end up at the front in the server's order, known ids are updated in place.
 */
export function mergeStoredNotifications(state: RealtimeState, stored: FeedItem[]): RealtimeState {
  let notifications = state.notifications;
  for (const item of stored.toReversed()) notifications = prependOrReplace(notifications, item);
  return { ...state, notifications, processes: dropFinishedProcesses(state.processes, stored) };
}

const SCHEME_AND_HOST = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i;

function lastPathSegment(address: string): string | null {
  const path = address.split('#')[0]?.split('?')[0]?.replace(SCHEME_AND_HOST, '') ?? '';
  const segment = path.split('/').pop();
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A message is used as the address only when it is one: an absolute URL or a path from the root. */
function looksLikeAddress(text: string): boolean {
  return text.startsWith('/') || SCHEME_AND_HOST.test(text);
}

/** What to download for a completed export: info.url (or a message that is an address) and its file name. */
export function downloadTarget(info: RealtimeInfo): { url: string; fileName: string } | null {
  const message = info.message?.trim() ?? '';
  const url = info.url?.trim() || (looksLikeAddress(message) ? message : '');
  if (!url) return null;
  const fileName = lastPathSegment(url);
  return fileName ? { url, fileName } : null;
}

/** The last path segment of info.url (or of info.message), URL-decoded; null when there is none. */
export function downloadFileName(info: RealtimeInfo): string | null {
  return downloadTarget(info)?.fileName ?? null;
}
