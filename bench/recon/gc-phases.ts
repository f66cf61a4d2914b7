/**
 * Where the collector runs: one size (default 1M per side), run() with the default rules, and the
 * garbage collection time per phase (preparation, then each pass) split into minor (scavenge) and major
 * (mark-compact) collections, from `PerformanceObserver` gc entries. Run it in its own process:
 *
 *   node --max-old-space-size=8192 --import tsx bench/recon/gc-phases.ts [invoices]
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { defaultRuleSet, run } from '../../packages/recon-engine/src/index.ts';
import { generate } from '../../packages/recon-engine/src/testdata/generate.ts';

const size = Number(process.argv[2] ?? 1_000_000);
const data = generate({ seed: 2026, invoices: size });
let phase = 'generation';
/** Phase boundaries (performance.now()) so that entries, delivered later, land in their own phase. */
const boundaries: Array<{ at: number; name: string }> = [{ at: 0, name: 'generation' }];
const phaseAt = (time: number) => {
  let name = 'generation';
  for (const boundary of boundaries) if (boundary.at <= time) name = boundary.name;
  return name;
};
const phases = new Map<
  string,
  { minor: number; major: number; majorCount: number; other: number; wall: number; cpu: number }
>();
const stat = (name: string) => {
  let entry = phases.get(name);
  if (!entry) {
    entry = { minor: 0, major: 0, majorCount: 0, other: 0, wall: 0, cpu: 0 };
    phases.set(name, entry);
  }
  return entry;
};
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
    const s = stat(phaseAt(entry.startTime));
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) s.minor += entry.duration;
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      s.major += entry.duration;
      s.majorCount++;
    } else s.other += entry.duration;
  }
});
observer.observe({ entryTypes: ['gc'] });
await new Promise((resolve) => setTimeout(resolve, 10));
phase = 'preparation';
let mark = performance.now();
let cpuMark = process.cpuUsage();
const cpuSince = () => {
  const used = process.cpuUsage(cpuMark);
  cpuMark = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
boundaries.push({ at: mark, name: phase });
const cpu = process.cpuUsage();
const started = mark;
const result = run(data.left, data.right, defaultRuleSet(), {
  onPass: (_index, _count, passId) => {
    const now = performance.now();
    stat(phase).wall += now - mark;
    stat(phase).cpu += cpuSince();
    mark = now;
    phase = passId;
    boundaries.push({ at: now, name: phase });
  },
});
stat(phase).wall += performance.now() - mark;
stat(phase).cpu += cpuSince();
boundaries.push({ at: performance.now(), name: 'after' });
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
const r = (value: number) => Math.round(value);
console.log(
  JSON.stringify({
    size,
    wall_ms: r(wall),
    cpu_ms: r((used.user + used.system) / 1000),
    groups: result.groups.length,
    rss_mb: r(process.resourceUsage().maxRSS / 1024),
    load_average: (await import('node:os')).loadavg().map((value) => Math.round(value * 10) / 10),
  }),
);
for (const [name, s] of phases)
  console.log(
    `${name.padEnd(16)} wall ${r(s.wall)} ms  cpu ${r(s.cpu)} ms  gc minor ${r(s.minor)} ms  major ${r(s.major)} ms (${s.majorCount})  other ${r(s.other)} ms`,
  );
