import { helpPageNames, helpRequest } from './help-request.js';
import type { Io } from './io.js';
import { onOutputLost, onReaderGone, ownStdout, stdoutIsTerminal, toldOutputLost } from './own-stdout.js';
import { versionInfo, versionLine, versionRequest } from './version.js';

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
const EXIT_INTERRUPTED = 130;
const EXIT_TERMINATED = 143;
/** `ops __complete WORDS…` (cobra's name for it): what the completion scripts call, never a command. */
const COMPLETE = '__complete';
/** What a completion may take, leaving some of the second a shell waits for the answer's own way out. */
const COMPLETE_MS = 950;

/**
 * Runs ops with these arguments and returns the exit code: the one exit door. It loads nothing but
 * the version until it knows a command is asked for, so `ops --version` costs little more than Node.
 */
export async function main(argv: string[], io?: Io): Promise<number> {
  // A reader that went away (`ops hosts list | head`) ends the process's own run quietly, whenever
  // its output meets it (src/own-stdout.ts), even after main has returned.
  if (io === undefined) {
    onReaderGone(() => process.exit(EXIT_OK));
    // Output that stdout cannot take (a full disk) ends it at once, exit 1: a command's run says so in
    // its own error format (run.ts), the version and help pages in a line.
    onOutputLost((reason) => {
      try {
        if (!toldOutputLost(reason))
          process.getBuiltinModule('node:fs').writeSync(2, `ops: writing the output: ${reason}\n`);
      } finally {
        process.exit(EXIT_FAILURE);
      }
    });
  }
  // The shells' completion protocol: before anything else reads the words, which are a half-typed line.
  if (argv[2] === COMPLETE) {
    const { complete, outputLeft } = await import('./run.js');
    // A shell waits a second at most, counted from the process's start when it is the process's own.
    const code = await complete(
      argv.slice(3),
      io,
      COMPLETE_MS - (io === undefined ? process.uptime() * 1000 : 0),
    );
    if (io === undefined && outputLeft()) process.exit(code);
    return code;
  }
  argv = pflagShorts(argv);
  const help = helpRequest(argv);
  argv = help.argv;
  const topic = help.topic;
  const version = versionRequest(argv.slice(2));
  if (typeof version === 'object') return (await import('./run.js')).versionArgument(version.extra, argv, io);
  if (version !== undefined) {
    const info = versionInfo();
    (io?.stdout ?? ownStdout(true)).write(
      version === 'json' ? `${JSON.stringify(info, null, 2)}\n` : `${versionLine(info)}\n`,
    );
    return EXIT_OK;
  }
  const page = io === undefined ? await helpPage(argv, topic) : undefined;
  if (page !== undefined) {
    // A page longer than the terminal goes through the pager, which the runtime loads.
    const terminal = stdoutIsTerminal();
    if (terminal && page.split('\n').length > (process.stdout.rows || Number.POSITIVE_INFINITY))
      return (await import('./run.js')).pageHelp(page, argv);
    ownStdout(true).write(page);
    return EXIT_OK;
  }
  // The process a run on a terminal starts to check for a release (src/update/notice.ts), a word no
  // person types; tested after the fast paths, so that the version and help pages pay nothing for it.
  if (argv[2] === '__update-check' && io === undefined) return (await import('./run.js')).updateCheck();
  const controller = new AbortController();
  const onSignal = installSignals(controller, io === undefined);
  const { run, outputLeft } = await import('./run.js');
  const code = await run(argv, io, controller, onSignal, topic);
  // The process's own command, its output written: ended now. Node's own ending of a finished command
  // (each handle closed in turn, the heap freed) is 0.2 to 0.5 ms nobody waits for. Output still
  // queued for a slow reader is left to that ending, which waits for it; the 'exit' handlers (the
  // code caches) run either way.
  if (io === undefined && outputLeft()) process.exit(code);
  return code;
}

/**
 * `-o=json` read as gh and kubectl (pflag) read it, the value after the `=`: commander's joined form
 * `-ojson`, where commander took `=json` for the value. Words after `--` are arguments, left as typed.
 */
function pflagShorts(argv: string[]): string[] {
  let out = argv;
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    // `-x=…` (45 is '-', 61 '='), tested by character: no pattern compiled at every start.
    if (a.length > 2 && a.charCodeAt(0) === 45 && a.charCodeAt(2) === 61 && /[A-Za-z]/.test(a[1]!)) {
      if (out === argv) out = [...argv];
      out[i] = `${a.slice(0, 2)}${a.slice(3)}`;
    }
  }
  return out;
}

/** Every command path of the tree (for the help-page build; loads the whole tree). */
export async function commandPaths(io: Io): Promise<string[][]> {
  return (await import('./run.js')).commandPaths(io);
}

/** The names of the help topics (for the help-page build). */
export async function helpTopicNames(): Promise<string[]> {
  return (await import('./run.js')).helpTopicNames();
}

/**
 * `ops <command words> --help` (or the help topic asked for) from the page the build wrote (dist/help),
 * so that help, like the version, costs little more than Node's own start. Anything else, a terminal
 * narrower than the page, or a missing page (the single binary has none) goes through commander.
 */
async function helpPage(argv: string[], topic: string | undefined): Promise<string | undefined> {
  const names = helpPageNames(argv, topic);
  if (names === undefined) return undefined;
  if (stdoutIsTerminal() && (process.stdout.columns ?? 80) < 80) return undefined;
  // The root page lists the aliases and plugins too (commander's page, made by the program); the
  // module that looks for them is loaded for that page alone.
  if (names === 'root') {
    const { hasExtensions } = await import('./extensions/names.js');
    return hasExtensions(process.env) ? undefined : builtPage('help/ops.txt');
  }
  for (const name of names) {
    const page = builtPage(`help/${name}.txt`);
    if (page !== undefined) return page;
  }
  return undefined;
}

/** A page the build wrote, or undefined when it is missing. */
function builtPage(name: string): string | undefined {
  try {
    // The single binary carries the pages as assets; the bundle has them beside it.
    const sea = process.getBuiltinModule('node:sea');
    if (sea?.isSea()) return sea.getAsset(name, 'utf8');
    const { readFileSync } = process.getBuiltinModule('node:fs');
    // dist/ops.cjs is CommonJS (the build defines import.meta.url away): the pages are beside it, in
    // __dirname, with no file: address made at each start for them (about 0.5 million instructions).
    const here = import.meta.url;
    return readFileSync(here ? new URL(`./${name}`, here) : `${__dirname}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Signals this soon after the first, or before the event loop has turned twice, are the same press. */
const SAME_PRESS_MS = 200;

/** First Ctrl-C aborts in-flight work (commands report what was done); a second one ends at once. */
function installSignals(controller: AbortController, real: boolean): { dispose(): void } {
  if (!real) return { dispose: () => undefined };
  let first: number | undefined;
  let turned = false;
  const handler = (signal: NodeJS.Signals) => {
    // One press can arrive twice: conf's atomic writer (when-exit) catches SIGINT and SIGTERM and
    // raises them again, and wrappers (npm, timeout) forward to their child the signal the terminal
    // already sent to the whole process group. Counting those as a second press ended the run at
    // once, before it could report what it had done.
    if (first !== undefined) {
      if (turned && Date.now() - first >= SAME_PRESS_MS)
        process.exit(signal === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED);
      return;
    }
    first = Date.now();
    setImmediate(() => setImmediate(() => (turned = true)));
    controller.abort(new Error(signal));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
