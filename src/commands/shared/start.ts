import type { Command } from 'commander';
import type { Context, Factory, ServiceClientOptions } from '../../app/types.js';
import type { HttpClient } from '../../clients/http/types.js';
import { envNameFor } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import type { Feedback } from '../../output/feedback.js';
import type { Printer } from '../../output/printer.js';
import { readStdinValue } from './secret-input.js';

/** What every run function of a service verb gets besides its own values. */
export interface ServiceBase<T> {
  printer: Printer;
  feedback: Feedback;
  /** The client, built on first use (the address and credential are checked before). */
  client: () => Promise<T>;
}

export interface StartOptions<T> {
  /** Builds the service's client from the shared HTTP client; without it no client is prepared. */
  create?: (http: HttpClient) => T | Promise<T>;
  /** The verb's flags for profile keys (`--list` → `tasks.list`), with a flag's precedence. */
  settings?: Record<string, string | undefined>;
  /** What else of the command reads stdin (`the secret value`): `--token-stdin` cannot share it. */
  stdinUsed?: string | undefined;
  /** Replaces `table` as the last fallback of the output format (a help page prints JSON). */
  defaultOutput?: string;
  /** Options of the client: `auth: false` where the verb works without a credential. */
  client?: Omit<ServiceClientOptions, 'credentialFlags'>;
}

/**
 * The one start of a service verb: its context, with the credential read from stdin when
 * `--token-stdin` is given (the setting the service's descriptor names as `stdinCredential`, laid over
 * the environment and profile with a flag's precedence), and its client. The address and credential
 * are checked here, before any request.
 */
export async function startService<T = never>(
  factory: Factory,
  cmd: Command,
  service: string,
  o: StartOptions<T> = {},
): Promise<{ ctx: Context; base: ServiceBase<T> }> {
  const settings = { ...o.settings };
  const entry = factory.services.find((s) => s.name === service);
  if (!entry) throw new UsageError(`unknown service "${service}"`);
  const key = `${service}.${(await entry.descriptor()).stdinCredential}`;
  if ((cmd.opts() as { tokenStdin?: boolean }).tokenStdin) {
    if (o.stdinUsed)
      throw new UsageError(
        `--token-stdin and ${o.stdinUsed} cannot both read stdin`,
        `set the credential with ${envNameFor(key)} or \`ops config set ${key} -\` first`,
      );
    settings[key] = await readStdinValue(factory.io, '--token-stdin', 'pipe the credential on stdin');
  }
  const ctx = await factory.context(cmd, {
    settings,
    ...(o.defaultOutput === undefined ? {} : { defaultOutput: o.defaultOutput }),
  });
  const make = o.create;
  const client = make
    ? await ctx.serviceClient(service, make, { ...o.client, credentialFlags: 'pipe it to --token-stdin' })
    : () => Promise.reject(new Error(`${service}: no client prepared`));
  return { ctx, base: { printer: ctx.printer, feedback: ctx.feedback, client } };
}
