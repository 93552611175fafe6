// How the launcher starts ops: the node flags on bin/ops.cjs's shebang line, so that benchmarks run
// ops with exactly what users get (`#!/usr/bin/env -S node <flags>`), and the single binary starts so too.
const { readFileSync } = process.getBuiltinModule('node:fs');

export function launcherFlags(bin) {
  const first = readFileSync(bin, 'utf8').split('\n', 1)[0];
  const m = /^#!.*\bnode\b(.*)$/.exec(first);
  return m ? m[1].trim().split(/\s+/).filter(Boolean) : [];
}
