import type { Command } from 'commander';
import type { GlobalFlags, ServiceEntry } from '../../app/types.js';
import { knownKeys } from '../../config/keys.js';
import { Settings } from '../../config/settings.js';
import { type Io, stdoutThroughStream, withIo } from '../../io.js';
import { VERSION } from '../../version.js';
import { type CallInput, callIo, callTool, redact } from './call.js';
import { linkedSignal } from './linked-signal.js';
import { groupHelp, verbHelp } from './help.js';
import {
  chosenVerbs,
  DEFAULT_LIMIT,
  DEFAULT_WAIT_TIMEOUT,
  FORMATS,
  HELP_TOOL,
  type ServiceTools,
  serviceVerbs,
  TOOL_KINDS,
  toolName,
  toolsOf,
  toolVerbs,
} from './tools.js';
import type { McpOptions } from './server-options.js';

/** Each service's verbs, from the built command tree; flags that carry a credential left out. */
export async function servicesOf(
  root: Command,
  services: readonly ServiceEntry[],
  only?: string[],
): Promise<ServiceTools[]> {
  // A secret setting's flag (`hosts.api_key` → `--api-key`) is never a tool parameter.
  const secret = new Set(
    (await knownKeys(services))
      .filter((k) => k.secret)
      .map((k) => `--${k.key.split('.')[1]!.replace(/_/g, '-')}`),
  );
  return services
    .filter((s) => s.commands && (!only || only.includes(s.name)))
    .flatMap((s) => {
      const group = root.commands.find((c) => c.name() === s.name);
      return group
        ? [{ service: s.name, description: group.description(), verbs: serviceVerbs(group, secret) }]
        : [];
    });
}

/** The secret settings that have a value (env or profile), each with its service. */
async function secretSettings(services: readonly ServiceEntry[], env: Io['env'], profile?: string) {
  const settings = new Settings(env, profile ?? env.OPS_PROFILE);
  await settings.load();
  return (await knownKeys(services))
    .filter((k) => k.secret)
    .flatMap((k) => {
      const value = settings.get(k.key);
      return value ? [{ service: k.key.split('.')[0]!, value }] : [];
    });
}

/** The values of every secret setting (env or profile): what no result, log or error may carry. */
export async function secretValues(services: readonly ServiceEntry[], env: Io['env'], profile?: string) {
  return (await secretSettings(services, env, profile)).map((s) => s.value);
}

/** The services `--services` names; with `auto`, those that have a credential. */
export async function chosenServices(
  only: string[] | 'auto' | undefined,
  services: readonly ServiceEntry[],
  env: Io['env'],
  globals: GlobalFlags,
): Promise<string[] | undefined> {
  if (only !== 'auto') return only;
  const set = await secretSettings(services, env, globals.profile);
  return [...new Set(set.map((s) => s.service))];
}

/**
 * One MCP server: the tools, their calls, the help tool. stdio has one; Streamable HTTP one per
 * session. A call's requests are aborted when the client cancels it, on Ctrl-C, or with `ending`.
 */
export function mcpServer(
  sdk: typeof import('./sdk.js'),
  o: McpOptions,
  tools: ServiceTools[],
  secrets: string[],
  ending: AbortSignal,
) {
  const server = new sdk.Server(
    { name: 'ops', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
    },
  );
  // The same for the server's life: made once.
  const listed = [...tools.flatMap((t) => toolsOf(t, o.allowed)), HELP_TOOL];
  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({ tools: listed }));
  // The SDK has checked the params against its own schema before this runs.
  server.setRequestHandler(sdk.CallToolRequestSchema, (req, extra) =>
    handle(req as Parameters<typeof handle>[0], extra),
  );
  const handle = async (
    req: {
      params: {
        name: string;
        arguments?: Record<string, unknown>;
        _meta?: { progressToken?: string | number };
      };
    },
    extra: {
      signal: AbortSignal;
      sendNotification(n: {
        method: 'notifications/progress';
        params: Record<string, unknown>;
      }): Promise<void>;
    },
  ) => {
    const input = (req.params.arguments ?? {}) as CallInput;
    const token = req.params._meta?.progressToken;
    let step = 0;
    const progress = (message: string) => {
      if (token === undefined) return;
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: ++step, message },
        })
        .catch(() => undefined);
    };
    const started = Date.now();
    // The wait's state (the command's last line on stderr), with the time it has run.
    let state = '';
    const onStderr = (line: string) => {
      state = line;
      progress(line);
    };
    const beat = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      progress(state ? `${seconds} s: ${state}` : `running for ${seconds} s`);
    }, 1000);
    // The client's cancellation of this call, Ctrl-C, or the end of stdin: its requests in flight are aborted.
    const linked = linkedSignal([extra.signal, o.io.signal, ending]);
    const { signal } = linked;
    try {
      const r =
        req.params.name === HELP_TOOL.name
          ? await help(o, tools, String(input.command ?? ''), signal, secrets)
          : await service(o, tools, req.params.name, input, signal, secrets, onStderr);
      const texts = 'note' in r && r.note ? [r.text, r.note] : [r.text];
      return { content: texts.map((text) => ({ type: 'text' as const, text })), isError: r.isError };
    } finally {
      clearInterval(beat);
      linked.dispose();
    }
  };
  return server;
}

/**
 * Serves the tools over stdio until stdin ends (or Ctrl-C), or over Streamable HTTP with `--http`
 * until Ctrl-C: one process, one HTTP connection pool, every call a verb run in it with its own
 * values and abort signal.
 */
export async function runMcpServer(options: McpOptions): Promise<void> {
  // The environment as a plain object, read once: every call reads dozens of its variables (settings,
  // flags' defaults), and each read of process.env is a call into Node's C++ (about a tenth of a call's
  // own work). Nothing changes a running server's environment.
  const o: McpOptions = { ...options, io: withIo(options.io, { env: { ...options.io.env } }) };
  const sdk = await import('./sdk.js');
  const only = await chosenServices(o.only, o.services, o.io.env, o.globals);
  const tools = chosenVerbs(await servicesOf(await o.tree(), o.services, only), o.verbs);
  const secrets = await secretValues(o.services, o.io.env, o.globals.profile);
  if (o.http) {
    // Its bearer token is a credential the server holds too.
    secrets.push(o.http.token);
    const { serveHttp } = await import('./http.js');
    await serveHttp(o, () => mcpServer(sdk, o, tools, secrets, o.io.signal));
    return;
  }
  stdoutThroughStream();
  // Typed by hand at a terminal: say what this is, once (stdout carries protocol messages only).
  if (o.io.stdinIsTty)
    o.io.stderr.write(
      'ops mcp: an MCP server on stdin and stdout, for an MCP host to start; Ctrl-D ends it\n',
    );
  const ending = new AbortController();
  const server = mcpServer(sdk, o, tools, secrets, ending.signal);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    o.io.stdin.once('end', resolve);
    o.io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  // The transport writes whole JSON-RPC lines; the command's stdout takes them as they come.
  const stdout = {
    write: (s: string) => {
      o.io.stdout.write(s);
      return true;
    },
  };
  const transport = new sdk.StdioServerTransport(o.io.stdin, stdout as never);
  await server.connect(transport);
  const unanswered = answeredBeforeClose(transport as unknown as Transport);
  await closed;
  // A call still running when stdin ends has a moment to finish (a host that sent its last request
  // and closed its end); then it is cancelled, answered, and the server exits: within 2 s in all.
  if (!(await settledWithin(unanswered(), GRACE_MS))) {
    ending.abort(new Error('stdin ended'));
    await settledWithin(unanswered(), ANSWER_MS);
  }
  await server.close();
}

/** The service and kind a tool name stands for (`runs_write`), if the server offers that tool. */
function toolOfName(o: McpOptions, tools: ServiceTools[], name: string) {
  for (const s of tools)
    for (const kind of TOOL_KINDS)
      if (toolName(s.service, kind) === name && toolVerbs(s, kind, o.allowed).length > 0) return { s, kind };
  return undefined;
}

async function service(
  o: McpOptions,
  tools: ServiceTools[],
  name: string,
  input: CallInput,
  signal: AbortSignal,
  secrets: string[],
  onStderr: (line: string) => void,
) {
  const found = toolOfName(o, tools, name);
  // An unknown tool is an invalid request (JSON-RPC -32602), as the protocol says.
  if (!found) {
    const { McpError, ErrorCode } = await import('./sdk.js');
    throw new McpError(ErrorCode.InvalidParams, `no tool "${name.slice(0, 40)}": tools/list names them`);
  }
  return callTool(
    {
      service: found.s.service,
      kind: found.kind,
      verbs: found.s.verbs,
      allowed: o.allowed,
      env: o.io.env,
      signal,
      secrets,
      maxBytes: o.maxBytes,
      onStderr,
      callVerb: (call, io) => o.callVerb({ ...call, globals: { ...o.globals, ...call.globals } }, io),
    },
    input,
  );
}

/**
 * The `help` tool: a verb's parameters as a call names them, with the command line's examples; the
 * verbs of a service or group with their tools. Other paths get the command line's help page.
 */
async function help(
  o: McpOptions,
  tools: ServiceTools[],
  command: string,
  signal: AbortSignal,
  secrets: string[],
) {
  const words = command.trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'ops') words.shift();
  if (words.length === 0 || words.some((w) => w.startsWith('-')))
    return { text: 'give a command path, e.g. "hosts list"', isError: true };
  const s = tools.find((t) => t.service === words[0]);
  const path = words.slice(1).join(' ');
  const verb = s?.verbs.find((v) => v.path === path);
  if (s && !verb) {
    const group = groupHelp(s, path, o.allowed);
    if (group) return { text: redact(group, secrets), isError: false };
  }
  let out = '';
  const io = callIo(
    o.io.env,
    signal,
    (t) => (out += t),
    (t) => (out += t),
  );
  const code = await o.runArgv(['node', 'ops', ...words, '--help'], io);
  const text = s && verb ? verbHelp(s.service, verb, o.allowed, out) : out.trim();
  return { text: redact(text, secrets), isError: code !== 0 };
}

/** What every tool shares, said once rather than in each tool (the tool list is paid for on every turn). */
const INSTRUCTIONS = [
  'Each service of ops has a tool of reads (`hosts`), and when the server allows them one of writes (`hosts_write`) and one of destructive verbs (`hosts_destructive`).',
  '`command` names the verb, `params` its arguments and flags by name (flag names without dashes); the `help` tool shows what a verb takes and means.',
  `\`query\` is a JMESPath expression applied to the JSON result; \`limit\` bounds a list (default ${DEFAULT_LIMIT}); \`wait_timeout\` bounds a wait or a watch (default ${DEFAULT_WAIT_TIMEOUT} s: a longer one needs the client's request timeout raised above it).`,
  FORMATS,
].join('\n');

/** How long a call still running when stdin ends may go on, then how long its cancelled answer may take. */
const GRACE_MS = 1000;
const ANSWER_MS = 700;

async function settledWithin(p: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Message {
  method?: string;
  id?: unknown;
  params?: unknown;
}
/** What the watch needs of the SDK's transport, its message types left loose. */
interface Transport {
  onmessage?: ((message: Message) => void) | undefined;
  send(message: { id?: unknown }, options?: unknown): Promise<void>;
}

/**
 * Watches the calls the transport carries, so that those still running when stdin ends (a host that
 * sent its last request and closed its end) are answered before the server closes. A call the client
 * cancelled gets no answer.
 */
function answeredBeforeClose(transport: Transport): () => Promise<void> {
  const open = new Set<unknown>();
  let settled: (() => void) | undefined;
  const check = () => {
    if (open.size === 0) settled?.();
  };
  const onmessage = transport.onmessage;
  transport.onmessage = (message: Message) => {
    if (message.method === 'tools/call' && message.id !== undefined) open.add(message.id);
    if (message.method === 'notifications/cancelled')
      open.delete((message.params as { requestId?: unknown } | undefined)?.requestId);
    onmessage?.(message);
    check();
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if (message.id !== undefined && open.delete(message.id)) check();
  };
  return () =>
    new Promise<void>((resolve) => {
      settled = resolve;
      check();
    });
}
