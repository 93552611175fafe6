import type { Command } from 'commander';
import { completionValues } from '../shared/choices.js';

export interface CompletionOption {
  flag: string;
  /** `-o` beside `--output`. */
  short?: string | undefined;
  description: string;
  /** The fixed set of values the flag takes (`--sort-dir asc|desc`), offered after it. */
  values?: readonly string[] | undefined;
  /** It takes a value (`--limit <n>`): what follows it is that value, never another flag. */
  takesValue: boolean;
}

export interface CompletionNode {
  /** "ops hosts list" */
  path: string;
  subcommands: Array<{ name: string; description: string }>;
  /** The command's own flags (the root's are in `globals`). */
  options: CompletionOption[];
  /** It takes positional arguments (an id, a path): a word that is not a flag goes there. */
  takesArgs: boolean;
}

export interface CompletionTree {
  nodes: CompletionNode[];
  /** The root's flags, valid after every command. */
  globals: CompletionOption[];
}

const flagsOf = (cmd: Command): CompletionOption[] =>
  cmd.options
    .map((o) => ({
      flag: o.long ?? o.short ?? '',
      short: o.long ? o.short : undefined,
      description: o.description,
      values: completionValues(o),
      takesValue: o.required || o.optional,
    }))
    .filter((o) => o.flag);

/** Flattens the command tree into one node per command path, with its subcommands and own flags. */
export function completionNodes(root: Command): CompletionTree {
  const nodes: CompletionNode[] = [];
  const walk = (cmd: Command, path: string) => {
    nodes.push({
      path,
      subcommands: cmd.commands.map((c) => ({ name: c.name(), description: c.description() })),
      options: path === 'ops' ? [] : flagsOf(cmd),
      takesArgs: cmd.registeredArguments.length > 0,
    });
    for (const sub of cmd.commands) walk(sub, `${path} ${sub.name()}`);
  };
  walk(root, 'ops');
  return { nodes, globals: flagsOf(root) };
}

/**
 * Every command path as word lists, the root's (`[]`) first, then `['hosts', 'list']` and so on: the
 * help-page build writes one page each.
 */
export function commandPaths(root: Command): string[][] {
  return completionNodes(root).nodes.map((n) => n.path.split(' ').slice(1));
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `'ops hosts list --sort-field'|...`: the case patterns after which a flag's values are offered. */
function valueCases({ nodes, globals }: CompletionTree): string[] {
  const cases: string[] = [];
  for (const n of nodes)
    for (const o of n.options)
      if (o.values?.length) cases.push(`    ${q(`${n.path} ${o.flag}`)}) values=${q(o.values.join(' '))} ;;`);
  // The root's flags hold after every command path.
  for (const o of globals)
    if (o.values?.length)
      cases.push(
        `    ${[o.flag, o.short]
          .filter(Boolean)
          .map((f) => `*${q(` ${f}`)}`)
          .join('|')}) values=${q(o.values.join(' '))} ;;`,
      );
  return cases;
}

/** The flags that take a value, long and short, as one space-separated list. */
const valued = (options: CompletionOption[]) =>
  options.flatMap((o) => (o.takesValue ? [o.flag, o.short ?? ''] : [])).filter(Boolean);

/**
 * Bash (and zsh) completion. Flags are offered only where a flag can go: when the word begun starts
 * with `-`, or after a command that takes neither a subcommand nor an argument. Where an argument (an
 * id, a path) or a flag's value is expected, no flag is offered, so bash never inserts `--` there; it
 * falls back to file names (`-o default`).
 */
export function bashScript({ nodes, globals }: CompletionTree): string {
  const paths = nodes.map((n) => n.path).filter((p) => p !== 'ops');
  const cases = nodes
    .map(
      (n) =>
        `    ${q(n.path)}) subs=${q(n.subcommands.map((s) => s.name).join(' '))} flags=${q(n.options.map((o) => o.flag).join(' '))} valued=${q(valued(n.options).join(' '))} args=${n.takesArgs ? 1 : 0} ;;`,
    )
    .join('\n');
  const globalWords = q(globals.map((o) => o.flag).join(' '));
  const globalValued = q(valued(globals).join(' '));
  return `# ops completion for bash: eval "$(ops completion bash)"
_ops_complete() {
  local cur prev path w i subs flags valued args values
  local globals=${globalWords} gvalued=${globalValued}
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  path="ops"
  for ((i=1; i<COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    case "$path $w" in
      ${paths.map(q).join('|')}) path="$path $w" ;;
    esac
  done
  # After a flag that takes one of a fixed set of values: those values only.
  case "$path $prev" in
${valueCases({ nodes, globals }).join('\n')}
  esac
  if [[ -n "$values" ]]; then
    COMPREPLY=( $(compgen -W "$values" -- "$cur") )
    return
  fi
  case "$path" in
${cases}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$flags $globals" -- "$cur") )
    return
  fi
  # The value of a flag, or an argument: no flag goes there.
  case " $valued $gvalued " in
    *" $prev "*) COMPREPLY=(); return ;;
  esac
  if [[ -n "$subs" ]]; then
    COMPREPLY=( $(compgen -W "$subs" -- "$cur") )
  elif [[ "$args" == 0 ]]; then
    COMPREPLY=( $(compgen -W "$flags $globals" -- "$cur") )
  else
    COMPREPLY=()
  fi
}
complete -o default -F _ops_complete ops
`;
}

export function zshScript(tree: CompletionTree): string {
  return `#compdef ops
# ops completion for zsh: eval "$(ops completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashScript(tree)}`;
}

const fishFlag = (o: CompletionOption) =>
  [
    o.short ? `-s ${o.short.slice(1)}` : '',
    o.flag.startsWith('--') ? `-l ${o.flag.slice(2)}` : `-s ${o.flag.slice(1)}`,
    // -x: the flag takes a value, and these (not file names) are the ones to offer.
    o.values?.length ? `-x -a ${q(o.values.join(' '))}` : '',
    `-d ${q(o.description.slice(0, 80))}`,
  ]
    .filter(Boolean)
    .join(' ');

export function fishScript({ nodes, globals }: CompletionTree): string {
  const paths = nodes.map((n) => n.path).filter((p) => p !== 'ops');
  const lines = [
    '# ops completion for fish: ops completion fish | source',
    'function __ops_path',
    '    set -l path ops',
    '    for w in (commandline -opc)[2..-1]',
    "        if string match -q -- '-*' $w; continue; end",
    `        if contains -- "$path $w" ${paths.map(q).join(' ')}; set path "$path $w"; end`,
    '    end',
    '    echo $path',
    'end',
    'complete -c ops -f',
    // The root's flags hold after every command: declared once, not once per command path.
    ...globals.map((o) => `complete -c ops ${fishFlag(o)}`),
  ];
  for (const n of nodes) {
    const cond = q(`test "(__ops_path)" = ${JSON.stringify(n.path)}`);
    for (const s of n.subcommands)
      lines.push(`complete -c ops -n ${cond} -a ${q(s.name)} -d ${q(s.description.slice(0, 80))}`);
    for (const o of n.options) lines.push(`complete -c ops -n ${cond} ${fishFlag(o)}`);
  }
  return `${lines.join('\n')}\n`;
}
