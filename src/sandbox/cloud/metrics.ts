import { iso } from './errors.js';

/** Seconds a bucket of each granularity covers. */
export const STEP: Record<string, number> = {
  '5m': 300,
  '10m': 600,
  '30m': 1800,
  '60m': 3600,
  '1h': 3600,
  '1d': 86_400,
  '1w': 604_800,
};

/** Most points one answer holds; finer requests over long ranges are refused. */
export const MAX_POINTS = 2016;

function seedOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A number in [0, 1) that depends only on the series and the time: the same request, the same values. */
function noise(seed: number, t: number): number {
  let x = (seed ^ Math.imul(Math.floor(t / 1000), 2654435761)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 2246822507) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 3266489909) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/** Busier in the (UTC) afternoon, quiet at night. */
function daily(t: number): number {
  const hour = (t / 3_600_000) % 24;
  return 0.55 + 0.45 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
}

/** Bucket start times from `from` (aligned to the step) up to `to` (excluded). */
export function buckets(from: number, to: number, stepSeconds: number): number[] {
  const step = stepSeconds * 1000;
  const out: number[] = [];
  for (let t = Math.ceil(from / step) * step; t < to; t += step) out.push(t);
  return out;
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** CPU use in percent of an instance: a level of its own, the daily shape and some noise. */
export function cpuSeries(instanceId: string, times: number[]) {
  const seed = seedOf(`cpu:${instanceId}`);
  const level = 10 + (seed % 35);
  const values = times.map((t) => ({
    value: round(Math.min(100, Math.max(0, level * (0.4 + daily(t)) + 12 * (noise(seed, t) - 0.5)))),
    timestamp: iso(t),
  }));
  const avg = values.length ? values.reduce((a, v) => a + v.value, 0) / values.length : 0;
  const peak = values.reduce((p, v) => (v.value > p.value ? v : p), {
    value: 0,
    timestamp: iso(times[0] ?? 0),
  });
  return { values, summary: { average: round(avg), expected: round(level * 0.95), peak } };
}

export const LB_METRICS = [
  'requests',
  'requestsPerSecond',
  'dataTransferred',
  'dataTransferredPerSecond',
  'connections',
  'connectionsPerSecond',
  'responseCodes',
  'responseCodesPerSecond',
] as const;
/** Metrics of HTTP requests: a TCP listener has none (seed). */
export const REQUEST_METRICS = ['requests', 'requestsPerSecond', 'responseCodes', 'responseCodesPerSecond'];

const CODE_SHARE: Record<string, number> = { '2xx': 0.9, '3xx': 0.05, '4xx': 0.04, '5xx': 0.01 };

/** The `metrics` object of one load-balancer metric over the buckets (SUM per bucket, or per second). */
export function balancerMetrics(lbId: string, metric: string, times: number[], stepSeconds: number) {
  const seed = seedOf(`lb:${lbId}`);
  const rps = 20 + (seed % 180);
  const perSecond = metric.endsWith('PerSecond');
  const scale = perSecond ? 1 : stepSeconds;
  const series = (name: string, unit: string, base: number, spread = 0.3) => {
    const s = seedOf(`${lbId}:${name}`);
    return {
      unit,
      values: times.map((t) => {
        const v = base * daily(t) * (1 - spread / 2 + spread * noise(s, t)) * scale;
        return { value: perSecond ? round(v) : Math.round(v), timestamp: iso(t) };
      }),
    };
  };
  switch (metric.replace(/PerSecond$/, '')) {
    case 'requests':
      return series('requests', perSecond ? 'requests/sec' : 'requests', rps);
    case 'connections':
      return series('connections', perSecond ? 'connections/s' : 'connections', rps / 6);
    case 'dataTransferred':
      return {
        dataIn: series('dataIn', perSecond ? 'B/s' : 'B', rps * 1800),
        dataOut: series('dataOut', perSecond ? 'B/s' : 'B', rps * 24_000),
      };
    default:
      return Object.fromEntries(
        Object.entries(CODE_SHARE).map(([code, share]) => [
          code,
          series(code, perSecond ? 'responses/s' : 'responses', rps * share, 0.6),
        ]),
      );
  }
}
