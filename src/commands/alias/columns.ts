import type { Alias } from '../../extensions/aliases.js';
import type { Column } from '../../output/printer.js';

/** An alias as a table shows it: a shell alias's expansion after `!`, as gh lists it. */
export const ALIAS_COLUMNS: Column<Alias>[] = [
  { header: 'name', get: (a) => a.name },
  { header: 'expansion', get: (a) => (a.shell ? `!${a.expansion}` : a.expansion), kind: 'text' },
];
