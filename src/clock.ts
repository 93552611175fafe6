import { readFileSync } from 'node:fs';

/**
 * Now as the services ops talks to see it: the wall clock, or, pointed at a sandbox whose clock runs
 * faster (`OPS_SANDBOX_CLOCK`, the file `ops sandbox start` keeps and `ops sandbox env` exports), the
 * sandbox's, so that relative times (`--end 1h`, `--since -24h`) and a terminal's "3 minutes ago" are
 * read on the clock that judges them. A file missing or unreadable is the wall clock.
 */
export function clockNow(env: Record<string, string | undefined> = process.env): number {
  const real = Date.now();
  const file = env.OPS_SANDBOX_CLOCK;
  if (!file) return real;
  const c = clockOf(file, real);
  return c ? c.origin + (real - c.origin) * c.speed + c.offsetMs : real;
}

interface ClockState {
  origin: number;
  speed: number;
  offsetMs: number;
}

/** The file's clock as last read, kept a second: a table's every relative time asks for now. */
let kept: { file: string; at: number; state: ClockState | undefined } | undefined;
const KEEP_MS = 1000;

function clockOf(file: string, real: number): ClockState | undefined {
  if (kept?.file === file && real - kept.at < KEEP_MS) return kept.state;
  let state: ClockState | undefined;
  try {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const { origin, speed, offsetMs } = c;
    if (typeof origin === 'number' && typeof speed === 'number' && typeof offsetMs === 'number')
      state = { origin, speed, offsetMs };
  } catch {
    // No sandbox there now (stopped): the wall clock.
  }
  kept = { file, at: real, state };
  return state;
}
