/**
 * The sandbox's policy rule, documented in the README: the emulator does not run Rego. It reads a
 * small, valid subset of it from each policy document:
 *
 *   package org                                   (required)
 *   policy_name["ci_security"]                    (required: the policy's name)
 *   enable_hard["require_security_scan"]          (a hard rule; enable_rule["…"] for a soft one)
 *   require_security_scan = "why it fails" {      (the rule; its reason is the string in its head,
 *       not input.jobs["security-scan"]            or `reason := "…"` in its body)
 *   }
 *
 * An enabled rule fails when a `not input.<path>` line of its body names a path that is absent (or
 * null or false) in the configuration, read as YAML. The decision is HARD_FAIL when a hard rule fails,
 * else SOFT_FAIL when a soft rule fails, else PASS.
 */

export interface Rule {
  reason: string;
  /** Paths (`["jobs", "security-scan"]`) that must be present. */
  requires: string[][];
}

export interface ParsedPolicy {
  name: string;
  hard: Set<string>;
  enabled: Set<string>;
  rules: Map<string, Rule>;
}

const HEAD = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|:=)\s*(?:"((?:[^"\\]|\\.)*)"|reason)\s*\{\s*$/;
const NOT_INPUT = /^\s*not\s+input((?:\.[A-Za-z_][\w-]*|\["[^"]+"\])+)\s*$/;
const REASON = /^\s*reason\s*:?=\s*"((?:[^"\\]|\\.)*)"\s*$/;

function pathOf(text: string): string[] {
  return [...text.matchAll(/\.([A-Za-z_][\w-]*)|\["([^"]+)"\]/g)].map((m) => (m[1] ?? m[2])!);
}

/** Reads one policy document; a string is the reason it is refused. */
export function parsePolicy(content: string): ParsedPolicy | string {
  if (!/^\s*package\s+org\s*$/m.test(content)) return 'a policy must declare `package org`';
  const names = [...content.matchAll(/^\s*policy_name\s*\[\s*"([^"]+)"\s*\]\s*$/gm)].map((m) => m[1]!);
  if (names.length !== 1) return 'a policy must declare its name once: policy_name["NAME"]';
  const hard = new Set([...content.matchAll(/^\s*enable_hard\s*\[\s*"([^"]+)"\s*\]/gm)].map((m) => m[1]!));
  const enabled = new Set([...content.matchAll(/^\s*enable_rule\s*\[\s*"([^"]+)"\s*\]/gm)].map((m) => m[1]!));
  for (const h of hard) enabled.add(h);
  const rules = new Map<string, Rule>();
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = HEAD.exec(lines[i]!);
    if (!head) continue;
    const rule: Rule = { reason: head[2] ?? '', requires: [] };
    let j = i + 1;
    for (; j < lines.length && !/^\s*\}\s*$/.test(lines[j]!); j++) {
      const not = NOT_INPUT.exec(lines[j]!);
      if (not) rule.requires.push(pathOf(not[1]!));
      const reason = REASON.exec(lines[j]!);
      if (reason) rule.reason = reason[1]!;
    }
    if (j === lines.length) return `rule ${head[1]} is not closed with "}"`;
    rules.set(head[1]!, rule);
    i = j;
  }
  return { name: names[0]!, hard, enabled, rules };
}

function present(config: unknown, path: string[]): boolean {
  let v: unknown = config;
  for (const key of path) {
    if (!v || typeof v !== 'object') return false;
    v = (v as Record<string, unknown>)[key];
  }
  return v !== undefined && v !== null && v !== false;
}

export interface Decision {
  status: 'PASS' | 'SOFT_FAIL' | 'HARD_FAIL';
  enabled_rules: string[];
  hard_failures: Array<{ rule: string; reason: string }>;
  soft_failures: Array<{ rule: string; reason: string }>;
}

export function evaluate(policies: readonly ParsedPolicy[], config: unknown): Decision {
  const enabled: string[] = [];
  const hard: Decision['hard_failures'] = [];
  const soft: Decision['soft_failures'] = [];
  for (const p of policies) {
    for (const name of [...p.enabled].sort()) {
      enabled.push(name);
      const rule = p.rules.get(name);
      if (!rule || rule.requires.every((path) => present(config, path))) continue;
      (p.hard.has(name) ? hard : soft).push({ rule: name, reason: rule.reason });
    }
  }
  return {
    status: hard.length ? 'HARD_FAIL' : soft.length ? 'SOFT_FAIL' : 'PASS',
    enabled_rules: enabled.sort(),
    hard_failures: hard,
    soft_failures: soft,
  };
}
