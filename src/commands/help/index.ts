// `ops help <topic>`: pages of the manual that are no command (gh's `help environment|exit-codes|formatting`,
// kubectl's `options`), written to fit 80 columns. The text follows docs/configuration.md,
// docs/exit-codes.md and docs/output.md; the flags come from the root command itself, and each service's
// variables from the service table (src/services.ts), handed in.
import type { ServiceEntry } from '../../app/types.js';
import { UsageError } from '../../errors.js';

/** What a help topic reads of the service table: each service's name and the settings it names. */
export type TopicServices = ReadonlyArray<Pick<ServiceEntry, 'name' | 'mainSettings'>>;

const ENVIRONMENT_HEAD = `Environment variables

A setting comes from, first that is set: a flag, an environment variable, the
profile, a built-in default. Every profile key <service>.<key> has a variable
OPS_<SERVICE>_<KEY> (hosts.api_key: OPS_HOSTS_API_KEY). \`ops config list --all\`
lists every key; \`ops config list --show-origin\` shows where each value came
from.

Each service's address and credentials:
`;

const ENVIRONMENT_TAIL = `No service has a built-in address: \`eval "$(ops sandbox env)"\` sets them all
for the sandbox.

Global settings:
  OPS_PROFILE       the profile (-p), else the one \`ops config use\` chose
  OPS_OUTPUT        table, json, yaml, ndjson, csv or tsv (-o)
  OPS_TIMEOUT       per-request timeout in seconds (--timeout, default 30)
  OPS_RETRIES       retry budget (--retries, default 4)
  OPS_MAX_WAIT      longest wait for one retry (--max-wait, default 60)
  OPS_CA_CERT       a PEM CA to trust too (--ca-cert)
  OPS_INSECURE      skip TLS verification (--insecure)
  OPS_DEBUG         true or api: log requests and responses to stderr, masked
                    (--debug)
  OPS_QUIET         no spinners, progress or hints (-q)
  OPS_SPINNER_DISABLED  1: progress as plain lines, hints kept (--no-spinner)
  OPS_SANDBOX_CLOCK the sandbox's clock file (ops sandbox env sets it): relative
                    times (--end 1h) are read on that faster clock

Terminal output (and logs made to look like it):
  OPS_PAGER, PAGER  the pager of output longer than the screen (else less);
                    empty or cat: none (--no-pager)
  LESS              less's options; FRX when unset (quit if it fits, colours)
  COLUMNS           the width tables fit (piped too, when colour is forced)
  OPS_FORCE_TTY     piped output as on a terminal; a number is its width

Where ops keeps things:
  OPS_CONFIG_DIR    the config folder (else $XDG_CONFIG_HOME/ops, ~/.config/ops)
  OPS_CACHE_DIR     compiled code caches (else $XDG_CACHE_HOME/ops/code)
  OPS_NO_KEYRING    1: act as if no OS keyring answered (secrets go to the
                    0600 config file)

Updates:
  OPS_UPDATE_URL           the newest release's version.json, read once a day
                           in the background on a terminal
  OPS_NO_UPDATE_NOTIFIER   1: no update notice and no check
  OPS_INSTALL_BASE_URL     where install.sh and ops upgrade download a
                           release's files from (a mirror)
  OPS_UPGRADE_EXECUTABLE   the file ops upgrade replaces (tests)
  OPS_CONTAINER_IMAGE      the container image ops runs in (set by the image):
                           ops upgrade says to pull a new one

The rest of the machine:
  NO_COLOR, CLICOLOR=0, CLICOLOR_FORCE, FORCE_COLOR, TERM=dumb
                    colour (ops help formatting)
  CI                no spinners, progress, hints, pickers, pager or update
                    notice
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY              proxies
  NODE_EXTRA_CA_CERTS                            more CAs to trust
  BROWSER           the program a login or --web opens an address with
  PATH              where plugins are found (ops-NAME runs as ops NAME); a
                    plugin is given OPS_PROFILE, OPS_CONFIG_DIR and OPS_OUTPUT
  PATHEXT           Windows: the extensions a plugin's file may have

Examples:
  OPS_OUTPUT=json ops hosts totals
  OPS_PROFILE=default ops config list --show-origin

Docs: docs/configuration.md, docs/aliases-and-plugins.md
`;

const EXIT_CODES = `Exit codes

  0    success, an empty list included
  1    the API refused or failed the request, a state conflict (a run not
       finished yet, an instance already stopped), output stdout could not
       take (a full disk), or an unexpected error
  2    usage or input error: unknown flag, missing argument, invalid value,
       found before any request (and a confirmation refused)
  3    not found (404; a delete of something missing too), naming the kind,
       the id and where it was looked for
  4    authentication missing or rejected (401/403), never a state conflict
  5    rate limited and the retry budget spent (429)
  6    timed out (a request, or --wait-timeout)
  7    server or network failure after retries (5xx, connection errors,
       answers that are not what they claim)
  8    a watched or awaited thing finished and failed, in every service
       (runs watch --exit-status, policy evaluate --exit-status, a cloud or
       db wait)
  130  interrupted (Ctrl-C); what was already done is reported
  143  terminated (SIGTERM, as a CI runner cancels a job); reported as for 130

An error is one line on stderr, \`ops: <what failed>: <why>\`, and a \`hint:\`
line where one helps; with --json (or -o json) a JSON object on stderr:
{"error":{"code","message","status","service","requestId","retryAfter"}}.
No stack trace unless --debug.

Examples:
  ops hosts unmute web-001    # exit 1: the host is not muted
  ops tasks get nosuch-task   # exit 3
  ops hosts list --limit abc  # exit 2

Docs: docs/exit-codes.md
`;

const FORMATTING = `Output formats

-o/--output (or OPS_OUTPUT) chooses the format; --json is -o json, and
--json name,id,a.b keeps those fields alone, in that order (a verb's help lists
its fields; an unknown one is exit 2 before any request).
  table   aligned columns, headers in capitals; on a terminal also colour,
          relative times and a width that fits it (the least needed columns
          dropped first, then free text cut with …; ids, numbers, times and
          states never). Piped: no colour, no cutting, times in UTC RFC 3339.
  json    the API's own field names, one document; a list is always an array
          ([] when empty), and --all gives one array across every page
  ndjson  one item a line, written as pages arrive (constant memory)
  yaml    the JSON as YAML
  csv     a header row (even for an empty list) and RFC 4180 quoting; times
          in UTC RFC 3339, headers the table's words as lower_case
  tsv     a line an item, the table's columns (or --json's fields) tab-
          separated, no header; tab and newline in a value as \\t and \\n,
          lists and objects as compact JSON: for while IFS=$'\\t' read loops

--query <jmespath>  filter or reshape the JSON result before printing
                    (https://jmespath.org), checked before any request
--field <name>      one raw value (a dotted path) and a newline, for $(…)
--jq <expression>   filter the JSON result with jq (built in) and print what
                    jq -r prints: a result a line, strings raw; after --query,
                    with no -o but json; checked before any request

stdout carries data only: spinners, progress, warnings and hints go to stderr,
and only when it is a terminal, CI is unset and neither -q nor --json is given;
--no-spinner (OPS_SPINNER_DISABLED=1) makes spinners and progress plain lines.
On a terminal, a table, text or --all list longer than the screen goes through
OPS_PAGER, else PAGER, else less (LESS=FRX); --no-pager or OPS_PAGER=cat: none.
Secret values are masked unless showing them is the command's purpose. Text
from an API has its control characters escaped visibly (\\e[31m).

Colour: --no-color first, then FORCE_COLOR (on unless 0), NO_COLOR (any
value), CLICOLOR_FORCE (on unless 0, piped too), CLICOLOR=0, TERM=dumb, and
otherwise colour only on a terminal. COLUMNS is the width tables fit, on a
terminal and piped with colour forced; OPS_FORCE_TTY=N renders piped output as
on a terminal N columns wide (relative times, tables cut; no pager, no spinner).

Examples:
  ops hosts list --query '[?up].name' -o json
  ops hosts list --json name,id --limit 5
  ops hosts totals --field total_up
  ops hosts list --jq '.[] | [.name, .id] | @tsv'

Docs: docs/output.md
`;

const WIDTH = 80;

/** The variable of a service's setting (`hosts`, `api_key`: `OPS_HOSTS_API_KEY`). */
const variable = (service: string, key: string) => `OPS_${service}_${key}`.toUpperCase();

/**
 * A line a service: its name, its address's variable, then its main settings' variables, wrapped at
 * 80 columns under their own column.
 */
export function serviceRows(services: TopicServices): string {
  const nameWidth = Math.max(...services.map((s) => s.name.length)) + 2;
  const urlWidth = Math.max(...services.map((s) => variable(s.name, 'base_url').length)) + 2;
  const indent = ' '.repeat(2 + nameWidth + urlWidth);
  return services
    .map((s) => {
      const lines = [`  ${s.name.padEnd(nameWidth)}${variable(s.name, 'base_url').padEnd(urlWidth)}`];
      s.mainSettings.forEach((key, i) => {
        const word = variable(s.name, key) + (i < s.mainSettings.length - 1 ? ',' : '');
        const last = lines.length - 1;
        if (i === 0) lines[last] += word;
        else if (lines[last]!.length + 1 + word.length <= WIDTH) lines[last] += ` ${word}`;
        else lines.push(indent + word);
      });
      return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
    })
    .join('');
}

/** The topics, by name: each a page, or a function of the global flags' list and the service table. */
const TOPICS: Record<string, (flags: string, services: TopicServices) => string> = {
  environment: (_, services) => ENVIRONMENT_HEAD + serviceRows(services) + ENVIRONMENT_TAIL,
  'exit-codes': () => EXIT_CODES,
  flags: (flags) =>
    `Global flags: every command takes these, with the same meaning everywhere.\n\n${flags}\n\n` +
    'A setting comes from a flag, else the environment, else the profile, else\n' +
    'its default (ops help environment).\n\n' +
    "Examples:\n  ops hosts list --limit 5 -o json --query '[].name'\n  ops hosts mute web-001 --dry-run\n\n" +
    'Docs: docs/global-flags.md\n',
  formatting: () => FORMATTING,
};

/** The names of the help topics, in order. */
export const TOPIC_NAMES = Object.keys(TOPICS).sort();

/**
 * `ops help help` (and a group's, `ops hosts help help`): the help command's own page, as `git help help`
 * and `gh help help` print theirs.
 */
export const HELP_OF_HELP = `Usage: ops help [command...]
       ops help <topic>

Show a command's help page, at any depth (\`ops help cloud instance list\` is
\`ops cloud instance list --help\`), or a help topic's page. A group's help does
the same below it (\`ops cloud help instance list\`).

Help topics: ${TOPIC_NAMES.join(', ')}

Examples:
  ops help hosts list
  ops help exit-codes
`;

/**
 * The page of a help topic, given the global flags' list and the service table. Another word is exit 2
 * naming the topics, and the command, topic or `help` itself it is nearest to (`ops help hots`: did you
 * mean 'hosts'?; `ops help helpp`: 'help').
 */
export function helpTopic(name: string, flags: string, commands: string[], services: TopicServices): string {
  const topic = Object.hasOwn(TOPICS, name) ? TOPICS[name] : undefined;
  if (topic) return topic(flags, services);
  if (name === 'help') return HELP_OF_HELP;
  const near = [...commands, ...TOPIC_NAMES, 'help'].find(
    (w) => distance(w, name) <= Math.max(1, name.length / 3),
  );
  throw new UsageError(
    `unknown command or help topic '${name}'`,
    `${near ? `did you mean '${near}'? ` : ''}help topics: ${TOPIC_NAMES.join(', ')}; commands: ops --help`,
  );
}

/** Edits (insert, delete, replace, swap two neighbours) from a to b. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}
