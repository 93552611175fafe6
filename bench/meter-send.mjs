// Benchmark of `ops meter send` (PRODUCT.md §8): N events from NDJSON to the sandbox, side by side with
// (a) the replay limit: the same events as pre-built batch bodies posted by a plain undici loop, and
// (b) the official billing SDK's v2 meter event stream call, at the same batch size and concurrency.
// Each runs in its own process under /usr/bin/time -v (peak RSS); the sandbox runs in another.
//
//   npm run build && node bench/meter-send.mjs [N] [--concurrency C] [--batch-size B] [--runs R] [--no-sdk]
//
// N defaults to 1,000,000 (PRODUCT.md §8's figure); ops also sends the first tenth of the file, for the
// peak RSS at N/10 (flat: at most 1.05x from N/10 to N). --no-sdk leaves the SDK out (a quicker run).
// Prints one `name value unit` line per figure and a last line with the ratios against the budget:
// ops's rate at least 0.9x the replay client's, its client CPU per event at most 1.5x the replay
// client's, its peak RSS at most 80 MB and flat (at most 1.05x from N/10 to N), PRODUCT.md §8.
import { spawn } from 'node:child_process';
import { launcherFlags } from '../scripts/launcher-flags.mjs';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'ops.cjs');
const API_KEY = 'sk_test_sandbox_meter';
const VERSION = '2025-08-27.preview';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const child = args.includes('--child') ? args[args.indexOf('--child') + 1] : undefined;
// N is the number that is not a flag's value.
const N = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')) ?? 1_000_000);
const C = flag('--concurrency', 8);
const B = flag('--batch-size', 100);
const RUNS = flag('--runs', 3);
const SDK = !args.includes('--no-sdk');

if (child) await runChild(child);
else await runBench();

/**
 * The parent: generate the input, start the sandbox, run the contenders R times each, interleaved
 * (the best rate and the least CPU of each count: the machine's other load only ever slows a run
 * down), and print the figures.
 */
async function runBench() {
  if (!existsSync(join(ROOT, 'dist', 'ops.cjs')))
    throw new Error('dist/ops.cjs is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'ops-bench-meter-'));
  const file = join(dir, 'events.ndjson');
  const tenth = join(dir, 'events-tenth.ndjson');
  await generate(file, N);
  await generate(tenth, Math.round(N / 10));
  const sandbox = await startSandbox();
  const base = `${sandbox.url}/meter`;
  const results = {};
  const contenders = SDK ? ['replay', 'ops', 'sdk', 'sdk-prebuilt'] : ['replay', 'ops'];
  let tenthRss = 0;
  try {
    // Warm the sandbox's JIT so that the first contender is not penalised.
    await timed('warmup', [
      import.meta.filename,
      '--child',
      'replay',
      file,
      base,
      String(Math.min(N, 50_000)),
      String(C),
      String(B),
    ]);
    await control(sandbox.url, 'POST', 'reset');
    // ops runs as its launcher starts it (the node flags of bin/ops.cjs's shebang).
    const ops = (input) => [
      ...launcherFlags(BIN),
      BIN,
      'meter',
      'send',
      input,
      '--concurrency',
      String(C),
      '--batch-size',
      String(B),
      '--json',
      '--quiet',
    ];
    const run = async (name, argv, n) => {
      const sandboxCpu = cpuOf(sandbox.child.pid);
      const r = await timed(name, argv);
      const serverCpu = cpuOf(sandbox.child.pid) - sandboxCpu;
      const counters = await control(sandbox.url, 'GET', 'counters');
      const unique = counters.emulators.meter.unique;
      if (unique !== n)
        throw new Error(`${name}: the sandbox counted ${unique} unique events, expected ${n}`);
      await control(sandbox.url, 'POST', 'reset');
      return { ...r, serverCpu };
    };
    for (let round = 0; round < RUNS; round++) {
      for (const name of contenders) {
        const argv =
          name === 'ops'
            ? ops(file)
            : [import.meta.filename, '--child', name, file, base, String(N), String(C), String(B)];
        const r = await run(name, argv, N);
        // ops is timed from its start to its exit; the others from their first request to their last.
        const seconds = name === 'ops' ? r.wallSeconds : r.report.seconds;
        // ops's CPU is its whole process (start, reading, checking, sending); the others', their sending.
        const cpu = name === 'ops' ? r.cpuSeconds : r.report.cpuSeconds;
        const eps = N / seconds;
        const prev = results[name];
        results[name] = {
          eps: Math.max(prev?.eps ?? 0, eps),
          report: !prev || eps > prev.eps ? r.report : prev.report,
          cpu: Math.min(prev?.cpu ?? Number.POSITIVE_INFINITY, cpu),
          serverCpu: Math.min(prev?.serverCpu ?? Number.POSITIVE_INFINITY, r.serverCpu),
          rss: Math.max(prev?.rss ?? 0, r.maxRssKb / 1024),
        };
      }
      tenthRss = Math.max(tenthRss, (await run('ops-tenth', ops(tenth), Math.round(N / 10))).maxRssKb / 1024);
    }
  } finally {
    sandbox.child.kill('SIGINT');
    rmSync(dir, { recursive: true, force: true });
  }
  const line = (name, value, unit) => console.log(`${name} ${value} ${unit}`);
  const us = (seconds) => ((seconds / N) * 1e6).toFixed(2);
  const { replay, ops } = results;
  line('events', N, 'events');
  line('batch_size', B, 'events');
  line('concurrency', C, 'requests');
  line('runs', RUNS, 'best-of');
  line('replay_rate', Math.round(replay.eps), 'events/s');
  line('ops_send_rate', Math.round(ops.eps), 'events/s');
  line('ops_send_rate_excluding_startup', Math.round(ops.report.events_per_second), 'events/s');
  if (SDK) {
    line('sdk_rate', Math.round(results.sdk.eps), 'events/s');
    line('sdk_prebuilt_rate', Math.round(results['sdk-prebuilt'].eps), 'events/s');
  }
  line('replay_client_cpu_per_event', us(replay.cpu), 'us');
  line('ops_cpu_per_event', us(ops.cpu), 'us');
  if (SDK) {
    line('sdk_client_cpu_per_event', us(results.sdk.cpu), 'us');
    line('sdk_prebuilt_client_cpu_per_event', us(results['sdk-prebuilt'].cpu), 'us');
  }
  line('sandbox_cpu_per_event_replay', us(replay.serverCpu), 'us');
  line('sandbox_cpu_per_event_ops', us(ops.serverCpu), 'us');
  if (SDK) line('sandbox_cpu_per_event_sdk', us(results.sdk.serverCpu), 'us');
  line('replay_peak_rss', replay.rss.toFixed(1), 'MB');
  line(`ops_peak_rss_${Math.round(N / 10)}`, tenthRss.toFixed(1), 'MB');
  line('ops_peak_rss', ops.rss.toFixed(1), 'MB');
  if (SDK) {
    line('sdk_peak_rss', results.sdk.rss.toFixed(1), 'MB');
    line('sdk_prebuilt_peak_rss', results['sdk-prebuilt'].rss.toFixed(1), 'MB');
  }
  const rate = ops.eps / replay.eps;
  const cpu = ops.cpu / replay.cpu;
  const flat = ops.rss / tenthRss;
  const verdict = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(
    `ratios ops/replay_rate=${rate.toFixed(2)} (budget >= 0.90, ${verdict(rate >= 0.9)}) ` +
      `ops/replay_cpu_per_event=${cpu.toFixed(2)} (budget <= 1.50, ${verdict(cpu <= 1.5)}) ` +
      `ops_peak_rss=${ops.rss.toFixed(1)}MB (budget <= 80, ${verdict(ops.rss <= 80)}) ` +
      `ops_rss_${Math.round(N / 10)}_to_${N}=${flat.toFixed(2)} (flat: budget <= 1.05, ${verdict(flat <= 1.05)})` +
      (SDK ? ` ops/sdk_rate=${(ops.eps / results.sdk.eps).toFixed(2)}` : ''),
  );
}

/** Writes N events, one JSON object a line, with identifiers (as exported usage records carry). */
async function generate(file, n) {
  const out = createWriteStream(file);
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < n; i++) {
    const line = `${JSON.stringify(eventAt(i, start))}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function eventAt(i, start) {
  return {
    event_name: i % 5 === 0 ? 'storage_gb' : 'api_requests',
    customer: `cus_${String(i % 1000).padStart(6, '0')}`,
    value: (i % 7) + 1,
    timestamp: new Date(start + (i % 3600) * 1000).toISOString(),
    identifier: `evt_${i}`,
  };
}

/** Runs a process under /usr/bin/time -v: wall time, peak RSS and its JSON report (last stdout line). */
async function timed(name, argv) {
  const started = process.hrtime.bigint();
  const p = spawn('/usr/bin/time', ['-v', process.execPath, ...argv], {
    env: {
      ...process.env,
      OPS_METER_BASE_URL: globalThis.meterBase,
      OPS_METER_API_KEY: API_KEY,
      OPS_CONFIG_DIR: tmpdir(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (d) => (stdout += d));
  p.stderr.on('data', (d) => (stderr += d));
  const [code] = await once(p, 'close');
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`${name} exited ${code}: ${stderr.slice(-2000)}`);
  const maxRssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
  const cpuSeconds =
    Number(/User time \(seconds\): ([\d.]+)/.exec(stderr)?.[1] ?? 0) +
    Number(/System time \(seconds\): ([\d.]+)/.exec(stderr)?.[1] ?? 0);
  let report = {};
  try {
    report = JSON.parse(stdout.trim().startsWith('{') ? stdout : stdout.trim().split('\n').pop());
  } catch {
    throw new Error(`${name}: no JSON report on stdout: ${stdout.slice(-500)}`);
  }
  return { wallSeconds, maxRssKb, cpuSeconds, report };
}

async function startSandbox() {
  const p = spawn(
    process.execPath,
    [BIN, 'sandbox', 'start', '--port', '0', '--services', 'meter', '--set', 'clock.speed=1'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const rl = createInterface({ input: p.stdout });
  const [first] = await once(rl, 'line');
  const url = /^listening on (\S+)/.exec(first)?.[1];
  if (!url) throw new Error(`sandbox did not start: ${first}`);
  globalThis.meterBase = `${url}/meter`;
  return { url, child: p };
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function control(url, method, path) {
  const res = await fetch(`${url}/__sandbox/${path}`, { method });
  return res.json();
}

// ---- children ---------------------------------------------------------------------------------

async function runChild(kind) {
  const [file, base, n, c, b] = args.slice(args.indexOf('--child') + 2);
  const opts = { file, base, n: Number(n), c: Number(c), b: Number(b) };
  const report = kind === 'replay' ? await replayChild(opts) : await sdkChild(opts, kind === 'sdk-prebuilt');
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** Reads the first n events and builds the wire events as `ops meter send` would send them. */
async function wireEvents(file, n) {
  const events = [];
  const rl = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of rl) {
    if (events.length >= n) break;
    const e = JSON.parse(line);
    events.push({
      identifier: e.identifier,
      event_name: e.event_name,
      timestamp: e.timestamp,
      payload: { billing_customer_id: e.customer, value: String(e.value) },
    });
  }
  rl.close();
  return events;
}

/** (a) The replay limit: pre-built bodies, C workers, one undici Agent with C kept-alive connections. */
async function replayChild({ file, base, n, c, b }) {
  const { Agent, request } = await import('undici');
  const events = await wireEvents(file, n);
  const bodies = [];
  for (let i = 0; i < events.length; i += b) bodies.push(JSON.stringify({ events: events.slice(i, i + b) }));
  events.length = 0;
  const dispatcher = new Agent({ connections: c, keepAliveTimeout: 10_000 });
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const session = await request(`${base}/v2/billing/meter_event_session`, {
    method: 'POST',
    dispatcher,
    headers: { authorization: `Bearer ${API_KEY}`, 'billing-version': VERSION },
  });
  const token = (await session.body.json()).authentication_token;
  const headers = {
    authorization: `Bearer ${token}`,
    'billing-version': VERSION,
    'content-type': 'application/json',
  };
  const url = `${base}/v2/billing/meter_event_stream`;
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await request(url, { method: 'POST', dispatcher, headers, body });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`replay: HTTP ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: c }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await dispatcher.close();
  return { seconds, requests: bodies.length, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/**
 * (b) The official SDK: a session from `v2.billing.meterEventSession.create()`, then a client on the
 * session token calling `v2.billing.meterEventStream.create({ events })` from C workers, with the
 * SDK's defaults (retries, telemetry). Its HTTP client is the SDK's own Node client with a keep-alive
 * agent of C sockets; a thin wrapper only maps the vendor's path and version header onto the sandbox's
 * (`/meter` prefix, `Billing-Version`).
 *   sdk: does the same job as `ops meter send`: reads the NDJSON file line by line as it sends;
 *   sdk-prebuilt: all events parsed into memory first, only the stream calls are timed.
 */
async function sdkChild({ file, base, n, c, b }, prebuilt) {
  const { default: Stripe } = await import('stripe');
  const { Agent } = await import('node:http');
  const u = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: c });
  const inner = Stripe.createNodeHttpClient(agent);
  const httpClient = Object.create(inner);
  httpClient.makeRequest = (host, port, path, method, headers, data, protocol, timeout) => {
    const h = { ...headers };
    for (const k of Object.keys(h)) {
      if (k.toLowerCase() === 'stripe-version') {
        h['Billing-Version'] = h[k];
        delete h[k];
      }
    }
    return inner.makeRequest(host, port, `${u.pathname}${path}`, method, h, data, protocol, timeout);
  };
  const config = {
    host: u.hostname,
    port: Number(u.port),
    protocol: u.protocol.replace(':', ''),
    apiVersion: VERSION,
    httpClient,
  };
  const events = prebuilt ? await wireEvents(file, n) : undefined;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const session = await new Stripe(API_KEY, config).v2.billing.meterEventSession.create();
  const client = new Stripe(session.authentication_token, config);
  let nextBatch;
  if (events) {
    let next = 0;
    nextBatch = async () => {
      if (next >= events.length) return undefined;
      const batch = events.slice(next, next + b);
      next += b;
      return batch;
    };
  } else {
    const lines = createInterface({
      input: createReadStream(file, { highWaterMark: 1 << 20 }),
      crlfDelay: Number.POSITIVE_INFINITY,
    })[Symbol.asyncIterator]();
    let reading = Promise.resolve();
    // One reader at a time: workers take the next 100 lines in turn.
    nextBatch = () => {
      const take = reading.then(async () => {
        const batch = [];
        while (batch.length < b) {
          const r = await lines.next();
          if (r.done) break;
          const e = JSON.parse(r.value);
          batch.push({
            identifier: e.identifier,
            event_name: e.event_name,
            timestamp: e.timestamp,
            payload: { billing_customer_id: e.customer, value: String(e.value) },
          });
        }
        return batch.length ? batch : undefined;
      });
      reading = take.then(() => undefined);
      return take;
    };
  }
  const worker = async () => {
    for (let batch = await nextBatch(); batch; batch = await nextBatch()) {
      await client.v2.billing.meterEventStream.create({ events: batch });
    }
  };
  await Promise.all(Array.from({ length: c }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}
