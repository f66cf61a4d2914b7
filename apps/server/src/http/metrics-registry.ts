/**
 * A small Prometheus registry (text exposition format 0.0.4): counters and histograms with labels,
 * and gauges read when scraped. No dependency; enough for /metrics.
 */

type Labels = Record<string, string>;

/** Upper bounds of the latency histograms, in seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  /** The sample lines, collected at scrape time. */
  samples(): Promise<string[]> | string[];
}

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  counter(name: string, help: string) {
    const values = new Map<string, { labels: Labels; value: number }>();
    this.metrics.push({
      name,
      help,
      type: 'counter',
      samples: () => [...values.values()].map((v) => `${name}${formatLabels(v.labels)} ${v.value}`),
    });
    return {
      inc(labels: Labels = {}, by = 1) {
        const key = labelKey(labels);
        const entry = values.get(key);
        if (entry) entry.value += by;
        else values.set(key, { labels, value: by });
      },
    };
  }

  histogram(name: string, help: string, buckets: number[] = LATENCY_BUCKETS) {
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
    this.metrics.push({
      name,
      help,
      type: 'histogram',
      samples: () => {
        const lines: string[] = [];
        for (const s of series.values()) {
          let cumulative = 0;
          buckets.forEach((bound, i) => {
            cumulative += s.counts[i] ?? 0;
            lines.push(`${name}_bucket${formatLabels({ ...s.labels, le: String(bound) })} ${cumulative}`);
          });
          lines.push(`${name}_bucket${formatLabels({ ...s.labels, le: '+Inf' })} ${s.count}`);
          lines.push(`${name}_sum${formatLabels(s.labels)} ${s.sum}`);
          lines.push(`${name}_count${formatLabels(s.labels)} ${s.count}`);
        }
        return lines;
      },
    });
    return {
      observe(labels: Labels, value: number) {
        const key = labelKey(labels);
        let s = series.get(key);
        if (!s) {
          s = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
          series.set(key, s);
        }
        const index = buckets.findIndex((bound) => value <= bound);
        if (index >= 0) s.counts[index] = (s.counts[index] ?? 0) + 1;
        s.sum += value;
        s.count += 1;
      },
    };
  }

  /** A gauge whose values are read when scraped (one line per labelled value). */
  gauge(
    name: string,
    help: string,
    read: () => Promise<{ labels?: Labels; value: number }[]> | { labels?: Labels; value: number }[],
  ) {
    this.metrics.push({
      name,
      help,
      type: 'gauge',
      samples: async () =>
        (await read()).map(({ labels, value }) => `${name}${formatLabels(labels ?? {})} ${value}`),
    });
  }

  /** The whole registry in Prometheus text format; a gauge that cannot be read is left out. */
  async render(): Promise<string> {
    const parts: string[] = [];
    for (const metric of this.metrics) {
      let lines: string[];
      try {
        lines = await metric.samples();
      } catch {
        continue;
      }
      parts.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`, ...lines);
    }
    return `${parts.join('\n')}\n`;
  }
}

function labelKey(labels: Labels) {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join('\u0000');
}

function formatLabels(labels: Labels) {
  const keys = Object.keys(labels);
  if (keys.length === 0) return '';
  return `{${keys.map((k) => `${k}="${escapeLabel(labels[k] ?? '')}"`).join(',')}}`;
}

function escapeLabel(value: string) {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}
