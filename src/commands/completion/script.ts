import type { Command } from 'commander';

export interface CompletionNode {
  /** "ops hosts list" */
  path: string;
  subcommands: Array<{ name: string; description: string }>;
  options: Array<{ flag: string; description: string }>;
}

/** Flattens the command tree into one node per command path, with its subcommands and flags. */
export function completionNodes(root: Command): CompletionNode[] {
  const nodes: CompletionNode[] = [];
  const globals = root.options.map((o) => ({ flag: o.long ?? o.short ?? '', description: o.description }));
  const walk = (cmd: Command, path: string) => {
    const own =
      path === 'ops'
        ? []
        : cmd.options.map((o) => ({ flag: o.long ?? o.short ?? '', description: o.description }));
    nodes.push({
      path,
      subcommands: cmd.commands.map((c) => ({ name: c.name(), description: c.description() })),
      options: [...own, ...globals].filter((o) => o.flag),
    });
    for (const sub of cmd.commands) walk(sub, `${path} ${sub.name()}`);
  };
  walk(root, 'ops');
  return nodes;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function bashScript(nodes: CompletionNode[]): string {
  const paths = nodes.map((n) => n.path).filter((p) => p !== 'ops');
  const cases = nodes
    .map(
      (n) =>
        `    ${q(n.path)}) words=${q([...n.subcommands.map((s) => s.name), ...n.options.map((o) => o.flag)].join(' '))} ;;`,
    )
    .join('\n');
  return `# ops completion for bash: eval "$(ops completion bash)"
_ops_complete() {
  local cur path w i words
  cur="\${COMP_WORDS[COMP_CWORD]}"
  path="ops"
  for ((i=1; i<COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ "$w" == -* ]] && continue
    case "$path $w" in
      ${paths.map(q).join('|')}) path="$path $w" ;;
    esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -o default -F _ops_complete ops
`;
}

export function zshScript(nodes: CompletionNode[]): string {
  return `#compdef ops
# ops completion for zsh: eval "$(ops completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashScript(nodes)}`;
}

export function fishScript(nodes: CompletionNode[]): string {
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
  ];
  for (const n of nodes) {
    const cond = q(`test "(__ops_path)" = ${JSON.stringify(n.path)}`);
    for (const s of n.subcommands)
      lines.push(`complete -c ops -n ${cond} -a ${q(s.name)} -d ${q(s.description.slice(0, 80))}`);
    for (const o of n.options) {
      const flag = o.flag.startsWith('--') ? `-l ${o.flag.slice(2)}` : `-s ${o.flag.slice(1)}`;
      lines.push(`complete -c ops -n ${cond} ${flag} -d ${q(o.description.slice(0, 80))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
