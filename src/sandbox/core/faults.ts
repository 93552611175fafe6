/**
 * Fault injection for the next N matching requests: a status (with Retry-After), a dropped
 * connection, a delay, a malformed JSON body or an HTML page. Tests post rules to /__sandbox/faults.
 */
/** The faults a rule can inject. */
export const FAULT_KINDS: readonly string[] = ['status', 'drop', 'delay', 'malformed', 'html'];
type FaultKind = 'status' | 'drop' | 'delay' | 'malformed' | 'html';

export interface FaultRule {
  /** Service name (the first path segment); absent matches every service. */
  service?: string;
  method?: string;
  /** Matches when the path below the service prefix starts with this. */
  path?: string;
  kind: FaultKind;
  /** How many matching requests get the fault (default 1). */
  count?: number;
  /** Only every Nth matching request gets it (default 1: each one). */
  every?: number;
  status?: number;
  retryAfter?: number | string;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

interface ActiveRule extends FaultRule {
  remaining: number;
  seen: number;
}

export class Faults {
  private rules: ActiveRule[] = [];
  injected = 0;

  add(rule: FaultRule): void {
    if (!FAULT_KINDS.includes(rule.kind)) throw new Error(`unknown fault kind ${rule.kind}`);
    this.rules.push({ ...rule, remaining: rule.count ?? 1, seen: 0 });
  }

  /** The fault for this request, if any, consuming one use of its rule. */
  take(service: string, method: string, path: string): FaultRule | undefined {
    for (const r of this.rules) {
      if (r.remaining <= 0) continue;
      if (r.service && r.service !== service) continue;
      if (r.method && r.method.toUpperCase() !== method) continue;
      if (r.path && !path.startsWith(r.path)) continue;
      r.seen++;
      if ((r.seen - 1) % (r.every ?? 1) !== 0) continue;
      r.remaining--;
      this.injected++;
      this.rules = this.rules.filter((x) => x.remaining > 0);
      return r;
    }
    return undefined;
  }

  pending(): number {
    return this.rules.reduce((n, r) => n + r.remaining, 0);
  }

  clear(): void {
    this.rules = [];
    this.injected = 0;
  }
}
