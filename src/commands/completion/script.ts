import type { Command } from 'commander';

/**
 * Every command path as word lists, the root's (`[]`) first, then `['hosts', 'list']` and so on: the
 * help-page build writes one page each.
 */
export function commandPaths(root: Command): string[][] {
  const paths: string[][] = [];
  const walk = (cmd: Command, path: string[]) => {
    paths.push(path);
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(root, []);
  return paths;
}

/*
 * The scripts below know nothing of the command tree: each asks `ops __complete` (protocol.ts) for the
 * words typed so far and shows what it answers, so the one answer holds for every shell, with the
 * names and ids the API gives. The directive's bits: 1 error (nothing at all), 2 no space after the
 * word, 4 no file names when there is no candidate.
 */

/** Bash: candidates only, as bash shows them; file names where ops has nothing to offer there. */
export function bashScript(): string {
  return `# ops completion for bash: eval "$(ops completion bash)"
# Every TAB asks \`ops __complete\` what can go there (subcommands, flags, values, names from the API).
_ops_complete() {
  local i w join=0 out line value directive=0 cur=\${COMP_WORDS[COMP_CWORD]}
  local -a words=() candidates=()
  # Bash splits --flag=value and a:b at = and :; ops wants the words as typed, so they are joined again.
  for ((i = 1; i <= COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    if (( \${#words[@]} )) && [[ $join == 1 || $w == "=" || $w == ":" ]]; then
      words[\${#words[@]}-1]+=$w
      [[ $w == "=" || $w == ":" ]] && join=1 || join=0
    else
      words+=("$w")
      join=0
    fi
  done
  (( \${#words[@]} )) || words=("")
  local word=\${words[\${#words[@]}-1]}
  out=$("\${COMP_WORDS[0]}" __complete "\${words[@]}" 2>/dev/null </dev/null) || return 0
  while IFS= read -r line; do
    case $line in
      :*) directive=\${line#:} ;;
      *)
        value=\${line%%$'\\t'*}
        # What replaces the word bash sees: the end of the candidate past what was joined before it.
        candidates+=("\${value:\${#word}-\${#cur}}")
        ;;
    esac
  done <<<"$out"
  [[ $directive =~ ^[0-9]+$ ]] || directive=0
  if (( directive & 1 )); then
    type compopt &>/dev/null && compopt +o default
    COMPREPLY=()
    return 0
  fi
  if (( directive & 2 )) && type compopt &>/dev/null; then compopt -o nospace; fi
  if (( \${#candidates[@]} == 0 )) && (( directive & 4 )) && type compopt &>/dev/null; then
    compopt +o default
  fi
  COMPREPLY=("\${candidates[@]}")
}
complete -o default -F _ops_complete ops
`;
}

/** zsh, natively: each candidate with its description (`_describe`), file names where nothing else fits. */
export function zshScript(): string {
  return `#compdef ops
# ops completion for zsh: put this file on $fpath as _ops, or: source <(ops completion zsh)
# Every TAB asks \`ops __complete\` what can go there (subcommands, flags, values, names from the API).
_ops() {
  local out line value desc directive=0
  local -a lines candidates
  out=$("\${words[1]}" __complete "\${(@Q)words[2,CURRENT-1]}" "\${(Q)PREFIX}" 2>/dev/null </dev/null) || return 1
  lines=("\${(@f)out}")
  for line in "\${lines[@]}"; do
    if [[ $line == :<-> ]]; then
      directive=\${line#:}
      continue
    fi
    value=\${line%%$'\\t'*}
    desc=
    [[ $line == *$'\\t'* ]] && desc=\${line#*$'\\t'}
    # _describe splits at the first unescaped colon: a value's own are escaped.
    value=\${value//:/\\\\:}
    if [[ -n $desc ]]; then candidates+=("$value:$desc"); else candidates+=("$value"); fi
  done
  (( directive & 1 )) && return 1
  if (( \${#candidates} == 0 )); then
    (( directive & 4 )) && return 1
    _files
    return
  fi
  if (( directive & 2 )); then
    _describe -t ops-values 'ops' candidates -S ''
  else
    _describe -t ops-values 'ops' candidates
  fi
}
if [[ "\${funcstack[1]}" == _ops ]]; then
  _ops "$@"
else
  compdef _ops ops
fi
`;
}

/** fish: each candidate with its description; file names where nothing else fits. */
export function fishScript(): string {
  return `# ops completion for fish: ops completion fish | source
# Every TAB asks \`ops __complete\` what can go there (subcommands, flags, values, names from the API).
function __ops_complete
    set -l tokens (commandline -opc)
    set -l out (command $tokens[1] __complete $tokens[2..-1] (commandline -ct) 2>/dev/null </dev/null)
    or return
    set -l directive 0
    if string match -qr '^:[0-9]+$' -- $out[-1]
        set directive (string sub -s 2 -- $out[-1])
        set -e out[-1]
    end
    if test (math "bitand($directive, 1)") -ne 0
        return
    end
    if test (count $out) -eq 0
        if test (math "bitand($directive, 4)") -eq 0
            __fish_complete_path (commandline -ct)
        end
        return
    end
    # "value<TAB>description" is fish's own way to show a description.
    printf '%s\\n' $out
end
complete -c ops -f -a '(__ops_complete)'
`;
}

/**
 * PowerShell (Windows PowerShell 5.1 and PowerShell 7): each candidate with its description as the
 * tooltip; file names where nothing else fits.
 */
export function powershellScript(): string {
  return `# ops completion for PowerShell: ops completion powershell | Out-String | Invoke-Expression
# (or add that line to $PROFILE). Every TAB asks \`ops __complete\` what can go there.
Register-ArgumentCompleter -Native -CommandName 'ops', 'ops.exe' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    $program = $elements[0].Extent.Text
    $words = @($elements | Select-Object -Skip 1 | ForEach-Object { $_.Extent.Text })
    if ($wordToComplete -eq '') {
        # Windows PowerShell (and PowerShell before 7.3) drop an empty argument to a program: "" keeps it.
        if ($PSVersionTable.PSVersion -lt [version]'7.3') { $words += '""' } else { $words += '' }
    }
    $out = @(& $program __complete @words 2>$null)
    $directive = 0
    $candidates = @()
    foreach ($line in $out) {
        if ($line -match '^:(\\d+)$') { $directive = [int]$Matches[1]; continue }
        $parts = $line -split "\`t", 2
        $tooltip = if ($parts.Count -gt 1 -and $parts[1]) { $parts[1] } else { $parts[0] }
        $candidates += , @($parts[0], $tooltip)
    }
    if ($directive -band 1) { return '' }
    if ($candidates.Count -eq 0) {
        # Nothing returned: PowerShell offers file names itself.
        if ($directive -band 4) { return '' }
        return
    }
    foreach ($c in $candidates) {
        $text = if ($c[0] -match '[\\s''"$\`;,(){}|&<>@#]') { "'" + ($c[0] -replace "'", "''") + "'" } else { $c[0] }
        [System.Management.Automation.CompletionResult]::new($text, $c[0], 'ParameterValue', $c[1])
    }
}
`;
}

export const SCRIPTS = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
} as const;
