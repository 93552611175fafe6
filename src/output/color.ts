/**
 * Colour rules, in order: --no-color; FORCE_COLOR (on unless "0"/"false": it names this stream's
 * colour outright, as Node and chalk read it); NO_COLOR (any non-empty value turns colour off; chalk
 * does not read it); CLICOLOR_FORCE (non-empty and not "0": on, even piped; NO_COLOR wins over it,
 * and it over CLICOLOR=0, as bixense.com/clicolors has it); CLICOLOR=0; TERM=dumb; then a terminal
 * on the stream.
 */
export function colorEnabled(
  env: Record<string, string | undefined>,
  isTty: boolean,
  noColorFlag: boolean,
): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const clicolorForce = env.CLICOLOR_FORCE;
  if (clicolorForce !== undefined && clicolorForce !== '' && clicolorForce !== '0') return true;
  if (env.CLICOLOR === '0') return false;
  if (env.TERM === 'dumb') return false;
  return isTty;
}

/** Minimal ANSI styling so that the printer need not load chalk for plain output. */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export function makeStyle(enabled: boolean): Style {
  if (!enabled) {
    const id = (s: string) => s;
    return { bold: id, dim: id, red: id, green: id, yellow: id, cyan: id };
  }
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}
