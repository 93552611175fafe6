import type { Command } from 'commander';
import type { Factory } from '../../app/types.js';
import { readFileSync } from 'node:fs';
import { ApiError, OpsError, UsageError } from '../../errors.js';
import type { Io } from '../../io.js';
import type { Feedback } from '../../output/feedback.js';
import { type Printer, isRowFormat } from '../../output/printer.js';
import { type FetchOptions, fetchFile, fetchRelease } from '../../update/fetch.js';
import {
  type InstallMethod,
  LATEST_VERSION_URL,
  RELEASES_URL,
  archiveOf,
  installMethod,
  managerName,
  thisExecutable,
  upgradeLine,
} from '../../update/install.js';
import { RELEASE_SIGNERS, canVerify, verifies } from '../../update/signature.js';
import { isNewer, releaseVersion } from '../../update/state.js';
import { UpgradeError, expectedSum, extractBinary, replaceExecutable, sha256 } from '../../update/steps.js';
import { VERSION } from '../../version.js';
import { verbCommand } from '../shared/verbs.js';

export interface UpgradeOptions {
  io: Io;
  printer: Printer;
  feedback: Feedback;
  /** The version asked for (`--version`), else the newest. */
  version: string | undefined;
  dryRun: boolean;
  method: InstallMethod;
  /** The version running now. */
  current: string;
  fetch: FetchOptions;
}

/** What `ops upgrade` prints as data (JSON, YAML, NDJSON). */
export interface UpgradeOutcome {
  upgraded: boolean;
  previous: string;
  version: string;
  path: string;
}

export function upgradeCommand(factory: Factory, run = runUpgrade): Command {
  return verbCommand(
    'upgrade',
    'Replace this ops binary with the newest release, or the version asked for',
    [
      'ops upgrade --dry-run --version 0.3.0  # exit 1 here: npm upgrades this ops',
      'ops upgrade                            # exit 1 here: npm upgrades this ops',
    ],
    {
      notes: `For a binary installed from an archive or install.sh: downloads this platform's archive and
the release's checksums and their signature (from $OPS_INSTALL_BASE_URL, a mirror of the release's
files, else the project's releases), verifies the signature with ssh-keygen 8.2+ against the
project's key (or the allowed_signers file $OPS_RELEASE_ALLOWED_SIGNERS names), checks the archive's
SHA-256, and renames the new binary over the running one;
any failure leaves the old binary in place (exit 1, naming the step). ops installed with npm, a
Debian or rpm package, Homebrew or Scoop is upgraded by that manager: the command says how (exit 1).
The newest version is read from $OPS_UPDATE_URL (the mirror's version.json with a mirror).`,
    },
  )
    .option('--version <version>', 'the release to install, such as 0.3.0 (default: the newest)')
    .action(async (opts: { version?: string }, cmd: Command) => {
      const version = opts.version === undefined ? undefined : releaseVersion(opts.version);
      if (opts.version !== undefined && !version)
        throw new UsageError(
          `invalid --version "${opts.version.slice(0, 40)}"`,
          'give a release version such as 0.3.0',
        );
      const ctx = await factory.context(cmd);
      const env = factory.io.env;
      const number = (key: string, fallback: number) => Number(ctx.settings.get(key) ?? fallback);
      await run({
        io: factory.io,
        printer: ctx.printer,
        feedback: ctx.feedback,
        version,
        dryRun: Boolean(ctx.flags.dryRun),
        method: installMethod(thisExecutable(env)),
        current: VERSION,
        fetch: {
          env,
          timeoutMs: number('timeout', 30) * 1000,
          retries: number('retries', 4),
          signal: factory.io.signal,
          caCert: ctx.settings.get('ca_cert'),
          insecure: ctx.settings.get('insecure') === 'true',
        },
      });
    });
}

export async function runUpgrade(o: UpgradeOptions): Promise<void> {
  const { method } = o;
  const env = o.fetch.env;
  if (method.kind !== 'binary')
    throw new OpsError(
      `upgrade: this ops was installed with ${managerName(method)}, which upgrades it: ${upgradeLine(method, o.version)}${method.kind === 'deb' || method.kind === 'rpm' ? ` ${RELEASES_URL}` : ''}`,
      { code: 'upgrade_managed' },
    );
  const path = method.path;
  const signers = allowedSigners(env.OPS_RELEASE_ALLOWED_SIGNERS);
  const mirror = env.OPS_INSTALL_BASE_URL?.replace(/\/+$/, '') || undefined;
  const version = o.version ?? (await newest(o, mirror, path));
  if (version === o.current || (o.version === undefined && !isNewer(version, o.current)))
    return outcome(o, { upgraded: false, previous: o.current, version: o.current, path }, version);
  const of = archiveOf(version);
  if (!of)
    throw new OpsError(
      `upgrade: no ops archive for this system (${process.platform} ${process.arch}): install with npm (npm install -g ops-cli)`,
    );
  const base = mirror ?? `${RELEASES_URL}/download/v${version}`;
  const sumsFile = `ops_${version}_checksums.txt`;
  const sigFile = `${sumsFile}.sig`;
  const verify = await canVerify();
  if (!verify)
    o.io.stderr.write(
      `upgrade: ssh-keygen 8.2 or newer not found: the signature of ${sumsFile} is not verified, only the archive's SHA-256\n`,
    );
  if (o.dryRun) {
    o.io.stdout.write(
      `would download ${base}/${of.file}\nwould download ${base}/${sumsFile} and check the archive's SHA-256\n` +
        (verify ? `would download ${base}/${sigFile} and verify the checksums with it\n` : '') +
        `would replace ${path} (ops ${o.current}) with ops ${version}\n`,
    );
    return;
  }
  const activity = await o.feedback.spinner(`Downloading ${of.file}`);
  const download = (url: string) =>
    fetchFile(url, o.fetch).catch((err: unknown) => {
      throw new UpgradeError('download', `${url}: ${failure(err)}`, path);
    });
  let archive: Buffer;
  let sumsBytes: Buffer;
  let signature: Buffer | undefined;
  try {
    [archive, sumsBytes, signature] = await Promise.all([
      download(`${base}/${of.file}`),
      download(`${base}/${sumsFile}`),
      verify
        ? fetchFile(`${base}/${sigFile}`, o.fetch).catch((err: unknown) => {
            throw new UpgradeError(
              'signature',
              `cannot download ${base}/${sigFile} (the checksums' signature): ${failure(err)}`,
              path,
            );
          })
        : undefined,
    ]);
  } finally {
    activity.stop();
  }
  // The checksums are trusted once their signature verifies, before anything of the archive is read.
  if (signature && !(await verifies(sumsBytes, signature, signers.text)))
    throw new UpgradeError(
      'signature',
      `${sigFile} does not verify ${sumsFile} with ${signers.whose} key of release@ops-cli`,
      path,
    );
  const sums = sumsBytes.toString('utf8');
  const want = expectedSum(sums, of.file);
  if (!want) throw new UpgradeError('checksum', `${sumsFile} has no line for ${of.file}`, path);
  const got = sha256(archive);
  if (got !== want)
    throw new UpgradeError(
      'checksum',
      `${of.file} does not match ${sumsFile} (expected ${want}, got ${got})`,
      path,
    );
  let binary: Uint8Array;
  try {
    binary = await extractBinary(archive, of);
  } catch (err) {
    throw new UpgradeError('extract', failure(err), path);
  }
  try {
    replaceExecutable(path, binary);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const rights = code === 'EACCES' || code === 'EPERM' ? '; run it as a user who may write there' : '';
    throw new UpgradeError('replace', `cannot write ${path}: ${failure(err)}${rights}`, path);
  }
  await outcome(o, { upgraded: true, previous: o.current, version, path });
}

/** The keys a release may be signed with: the project's, or those of OPS_RELEASE_ALLOWED_SIGNERS (a mirror's). */
function allowedSigners(file: string | undefined): { text: string; whose: string } {
  if (!file) return { text: `${RELEASE_SIGNERS}\n`, whose: "the project's" };
  try {
    return { text: readFileSync(file, 'utf8'), whose: "OPS_RELEASE_ALLOWED_SIGNERS's" };
  } catch (err) {
    throw new UsageError(
      `cannot read OPS_RELEASE_ALLOWED_SIGNERS (${file}): ${(err as NodeJS.ErrnoException).code ?? failure(err)}`,
      "name an allowed_signers file, or unset it to trust the project's key",
    );
  }
}

/** The newest release, from the mirror's version.json or OPS_UPDATE_URL (a read `--dry-run` sends too). */
async function newest(o: UpgradeOptions, mirror: string | undefined, path: string): Promise<string> {
  const url = mirror ? `${mirror}/version.json` : o.fetch.env.OPS_UPDATE_URL || LATEST_VERSION_URL;
  if (o.dryRun) o.io.stderr.write(`dry run: sent GET ${url} (read-only, to plan)\n`);
  try {
    return (await fetchRelease(url, o.fetch)).version;
  } catch (err) {
    throw new UpgradeError('download', `cannot read the newest version from ${url}: ${failure(err)}`, path);
  }
}

/** Said on a terminal (`✓ Upgraded ops 0.2.0 → 0.3.0`), printed as data with JSON, YAML or NDJSON. */
async function outcome(o: UpgradeOptions, r: UpgradeOutcome, newest = r.version): Promise<void> {
  if (isRowFormat(o.printer.format))
    o.feedback.done(
      r.upgraded
        ? `Upgraded ops ${r.previous} → ${r.version} (${r.path})`
        : newest === r.version
          ? `ops ${r.version} is already installed (${r.path})`
          : `ops ${r.version} is up to date: the newest release is ${newest} (${r.path})`,
    );
  else await o.printer.print(r);
}

/** Why a step failed, in words (an HTTP refusal with its status). */
function failure(err: unknown): string {
  if (err instanceof ApiError) return `HTTP ${err.status} ${err.message}`;
  return err instanceof Error ? err.message.replace(/^upgrade: /, '') : String(err);
}
