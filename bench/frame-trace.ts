/**
 * The frames of an interaction in Chromium, as table-grid-fps and workflow-editor-fps measure them: a
 * requestAnimationFrame counter in the page and a performance trace between two performance marks
 * (DrawFrame, PipelineReporter, BeginFrame and the renderer main thread's events); with PROFILE=1 the
 * page's CPU profile too (top 15 functions by self time), with DUMP=1 the raw trace in /tmp.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid?: number;
  tid?: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, in µs: not stretched by other processes on the machine. */
  tdur?: number;
  args?: { name?: string; chrome_frame_reporter?: { state?: string } };
}

export interface FrameReport {
  seconds: number;
  /** DrawFrame events (frames drawn), presented frames and BeginFrame events in the interaction. */
  drawn: number;
  presented: number;
  begun: number;
  /** Longest gap between drawn frames (ms). */
  longestGap: number;
  /** The rAF counter: frames, the interval it covered (ms), the longest frame (ms). */
  raf: { frames: number; ms: number; longest: number };
  /** The renderer main thread: CPU time in its top-level events (ms), its longest task, the top 6 events. */
  cpu: number;
  longestTask: number;
  top: Array<[string, number]>;
}

/**
 * Starts counting frames and tracing, then marks `start`. `setup` and `tick`: statements run in the
 * page before the counting starts and on each frame (plain page JavaScript, no named functions: tsx's
 * keepNames helper is not in the page).
 */
export async function startFrameTrace(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  start: string,
  { setup = '', tick = '' } = {},
): Promise<void> {
  await page.evaluate(`(() => {
    performance.clearMarks();
    window.__frames = [];
    window.__counting = true;
    ${setup}
    const tick = (t) => {
      window.__frames.push(t);
      ${tick}
      if (window.__counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'benchmark',
      'cc',
      'viz',
      'blink.user_timing',
    ],
  });
  if (process.env.PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  await page.evaluate((name) => performance.mark(name), start);
}

/**
 * Marks `end`, stops tracing and counting, and reads the frames between the `start` and `end` marks
 * (with DUMP=1 the trace goes to /tmp/trace-<dumpAs>.json).
 */
export async function stopFrameTrace(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  [start, end]: readonly [string, string],
  dumpAs: string,
): Promise<FrameReport> {
  await page.evaluate((name) => performance.mark(name), end);
  const traceBuffer = await browser.stopTracing();
  if (process.env.DUMP) (await import('node:fs')).writeFileSync(`/tmp/trace-${dumpAs}.json`, traceBuffer);
  if (process.env.PROFILE) await printProfile(cdp);
  const raf = await page.evaluate(
    ([from, to]) => {
      const w = window as unknown as { __frames: number[]; __counting: boolean };
      w.__counting = false;
      const marks = performance.getEntriesByType('mark');
      const startTime = marks.find((m) => m.name === from)?.startTime ?? 0;
      const endTime = marks.find((m) => m.name === to)?.startTime ?? 0;
      const frames = w.__frames.filter((t) => t >= startTime && t <= endTime);
      let longest = 0;
      for (let i = 1; i < frames.length; i++)
        longest = Math.max(longest, (frames[i] as number) - (frames[i - 1] as number));
      return { frames: frames.length, ms: endTime - startTime, longest };
    },
    [start, end] as const,
  );

  const events = (JSON.parse(traceBuffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // performance.mark() shows in the trace as an instant ('I'; 'R' in older Chromium builds).
  const markAt = (name: string) =>
    events.find((e) => e.name === name && (e.ph === 'I' || e.ph === 'R') && e.ts > 0)?.ts;
  const from = markAt(start);
  const to = markAt(end);
  if (from === undefined || to === undefined)
    throw new Error(`the ${start}/${end} marks are not in the trace`);
  const inside = (e: TraceEvent) => e.ts >= from && e.ts <= to;
  const drawnAt = events
    .filter((e) => e.name === 'DrawFrame' && inside(e))
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const presented = events.filter(
    (e) =>
      e.name === 'PipelineReporter' &&
      e.ph === 'b' &&
      inside(e) &&
      e.args?.chrome_frame_reporter?.state === 'STATE_PRESENTED_ALL',
  ).length;
  let longestGap = 0;
  for (let i = 1; i < drawnAt.length; i++)
    longestGap = Math.max(longestGap, ((drawnAt[i] as number) - (drawnAt[i - 1] as number)) / 1000);
  // Where the renderer's main thread spent the time (events by name, nested ones included).
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((e) => e.ph === 'X' && inside(e) && main && e.tid === main.tid && e.pid === main.pid)
    .sort((a, b) => a.ts - b.ts);
  const spent = new Map<string, number>();
  for (const e of onMain) spent.set(e.name, (spent.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  // CPU time in the top-level events (those no other event contains): thread time, not stretched by
  // other processes.
  let cpu = 0;
  let reach = 0;
  let longestTask = 0;
  for (const e of onMain) {
    if (e.ts < reach) continue;
    reach = e.ts + (e.dur ?? 0);
    cpu += (e.tdur ?? e.dur ?? 0) / 1000;
    longestTask = Math.max(longestTask, (e.dur ?? 0) / 1000);
  }
  return {
    seconds: (to - from) / 1e6,
    drawn: drawnAt.length,
    presented,
    begun: events.filter((e) => e.name === 'BeginFrame' && inside(e)).length,
    longestGap,
    raf,
    cpu,
    longestTask,
    top: [...spent].sort((a, b) => b[1] - a[1]).slice(0, 6),
  };
}

async function printProfile(cdp: CDPSession): Promise<void> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: {
      nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
      samples: number[];
      timeDeltas: number[];
    };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id);
    const key = `${f?.functionName || '(anon)'} ${f?.url.split('/').pop()}:${f?.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const hot = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`  self time: ${hot.map(([k, ms]) => `${k} ${ms.toFixed(0)} ms`).join('\n    ')}`);
}
