import type { Command } from 'commander';
import type { ServiceEntry } from '../../app/types.js';
import { knownKeys } from '../../config/keys.js';
import { Settings } from '../../config/settings.js';
import type { Io } from '../../io.js';
import { VERSION } from '../../version.js';
import { type CallInput, callIo, callTool, redact } from './call.js';
import { type Allowed, HELP_TOOL, type ServiceTools, serviceVerbs, toolOf } from './tools.js';

export interface McpOptions {
  io: Io;
  allowed: Allowed;
  /** Only these services' tools (`--services`); all when undefined. */
  only: string[] | undefined;
  /** Global flags given to `ops mcp` (`-p work`), passed on to every command it runs. */
  globals: string[];
  services: readonly ServiceEntry[];
  tree(): Promise<Command>;
  runArgv(argv: string[], io: Io): Promise<number>;
}

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

/** The values of every secret setting (env or profile): what no result, log or error may carry. */
export async function secretValues(services: readonly ServiceEntry[], env: Io['env'], profile?: string) {
  const settings = new Settings(env, profile ?? env.OPS_PROFILE);
  await settings.load();
  const keys = (await knownKeys(services)).filter((k) => k.secret);
  return keys.map((k) => settings.get(k.key)).filter((v): v is string => Boolean(v));
}

/**
 * Serves the tools over stdio until stdin ends (or Ctrl-C): one process, one HTTP connection pool,
 * every call a command line run in it with its own abort signal.
 */
export async function runMcpServer(o: McpOptions): Promise<void> {
  const sdk = await import('./sdk.js');
  const tools = await servicesOf(await o.tree(), o.services, o.only);
  // Typed by hand at a terminal: say what this is, once (stdout carries protocol messages only).
  if (o.io.stdinIsTty)
    o.io.stderr.write(
      'ops mcp: an MCP server on stdin and stdout, for an MCP host to start; Ctrl-D ends it\n',
    );
  const profile = o.globals[o.globals.indexOf('--profile') + 1];
  const secrets = await secretValues(
    o.services,
    o.io.env,
    o.globals.includes('--profile') ? profile : undefined,
  );
  const server = new sdk.Server(
    { name: 'ops', version: VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "Each tool is one service of ops; `command` names the verb, `params` its arguments and flags. The `help` tool shows a command's help.",
    },
  );
  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({
    tools: [...tools.map((t) => toolOf(t, o.allowed)), HELP_TOOL],
  }));
  server.setRequestHandler(sdk.CallToolRequestSchema, (req, extra) => handle(req, extra));
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
    const beat = setInterval(
      () => progress(`running for ${Math.round((Date.now() - started) / 1000)} s`),
      1000,
    );
    // The client's cancellation of this call, or Ctrl-C: its requests in flight are aborted.
    const signal = AbortSignal.any([extra.signal, o.io.signal]);
    try {
      const r =
        req.params.name === HELP_TOOL.name
          ? await help(o, String(input.command ?? ''), signal, secrets)
          : await service(o, tools, req.params.name, input, signal, secrets, progress);
      const texts = 'note' in r && r.note ? [r.text, r.note] : [r.text];
      return { content: texts.map((text) => ({ type: 'text' as const, text })), isError: r.isError };
    } finally {
      clearInterval(beat);
    }
  };
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
  await unanswered();
  await server.close();
}

function service(
  o: McpOptions,
  tools: ServiceTools[],
  name: string,
  input: CallInput,
  signal: AbortSignal,
  secrets: string[],
  onStderr: (line: string) => void,
) {
  const s = tools.find((t) => t.service === name);
  if (!s) return Promise.resolve({ text: `no tool "${name.slice(0, 40)}"`, isError: true });
  return callTool(
    {
      service: name,
      verbs: s.verbs,
      allowed: o.allowed,
      env: o.io.env,
      signal,
      secrets,
      onStderr,
      runArgv: (argv, io) => o.runArgv([...argv.slice(0, 2), ...o.globals, ...argv.slice(2)], io),
    },
    input,
  );
}

async function help(o: McpOptions, command: string, signal: AbortSignal, secrets: string[]) {
  const words = command.trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'ops') words.shift();
  if (words.length === 0 || words.some((w) => w.startsWith('-')))
    return { text: 'give a command path, e.g. "hosts list"', isError: true };
  let out = '';
  const io = callIo(
    o.io.env,
    signal,
    (s) => (out += s),
    (s) => (out += s),
  );
  const code = await o.runArgv(['node', 'ops', ...words, '--help'], io);
  return { text: redact(out.trim(), secrets), isError: code !== 0 };
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
