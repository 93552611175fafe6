import { randomUUID } from 'node:crypto';
import type { Kit } from '../core/anatomy.js';
import type { Clock } from '../core/framework.js';
import { type Assignment, SEED_ASSIGNMENTS } from './seed.js';

export type Outcome = 'Succeeded' | 'Failed' | 'Canceled';

/** An accepted PUT or DELETE, finishing on the sandbox clock. */
export interface Operation {
  id: string;
  kind: 'put' | 'delete';
  assignment: Assignment;
  startedMs: number;
  doneMs: number;
  outcome: Outcome;
  applied: boolean;
}

const OUTCOME_ERRORS: Record<Exclude<Outcome, 'Succeeded'>, { code: string; message: string }> = {
  Failed: {
    code: 'RoleAssignmentOperationFailed',
    message: 'The role assignment change could not be applied to the database account.',
  },
  Canceled: { code: 'OperationCanceled', message: 'The operation was canceled before it completed.' },
};

/**
 * The account's assignments and the operations that change them. An operation is applied when the
 * sandbox clock reaches its end (looked at on every request); until then the old state stands. One
 * that ends Failed or Canceled changes nothing.
 */
export class DbState {
  assignments = new Map<string, Assignment>();
  operations = new Map<string, Operation>();

  constructor(
    private readonly clock: Clock,
    private readonly o: { seconds: number; outcome: Outcome },
  ) {
    this.reset();
  }

  reset(): void {
    this.assignments = new Map(SEED_ASSIGNMENTS.map((a) => [a.id.toLowerCase(), { ...a }]));
    this.operations.clear();
  }

  /** Applies every operation whose end the clock has reached. */
  settle(): void {
    const now = this.clock.now();
    for (const op of this.operations.values()) {
      if (op.applied || op.doneMs > now) continue;
      op.applied = true;
      if (op.outcome === 'Succeeded') this.apply(op.kind, op.assignment);
    }
  }

  apply(kind: 'put' | 'delete', a: Assignment): void {
    if (kind === 'put') this.assignments.set(a.id.toLowerCase(), a);
    else this.assignments.delete(a.id.toLowerCase());
  }

  get(id: string): Assignment | undefined {
    return this.assignments.get(id.toLowerCase());
  }

  /** An operation on this assignment that has not ended yet. */
  pendingFor(id: string): Operation | undefined {
    for (const op of this.operations.values())
      if (!op.applied && op.assignment.id.toLowerCase() === id.toLowerCase()) return op;
    return undefined;
  }

  /** Another assignment of the same role to the same principal at the same scope. */
  duplicateOf(a: Assignment): Assignment | undefined {
    for (const b of this.assignments.values()) {
      if (b.id.toLowerCase() === a.id.toLowerCase()) continue;
      if (
        b.principalId.toLowerCase() === a.principalId.toLowerCase() &&
        b.definition.toLowerCase() === a.definition.toLowerCase() &&
        b.scope.toLowerCase() === a.scope.toLowerCase()
      )
        return b;
    }
    return undefined;
  }

  start(kind: 'put' | 'delete', assignment: Assignment): Operation {
    const now = this.clock.now();
    const op: Operation = {
      id: randomUUID(),
      kind,
      assignment,
      startedMs: now,
      doneMs: now + this.o.seconds * 1000,
      outcome: this.o.outcome,
      applied: false,
    };
    this.operations.set(op.id, op);
    this.settle();
    return op;
  }

  /** The operation's state now: InProgress until its end, then its outcome. */
  status(op: Operation): { status: 'InProgress' | Outcome; error?: { code: string; message: string } } {
    if (this.clock.now() < op.doneMs) return { status: 'InProgress' };
    return op.outcome === 'Succeeded'
      ? { status: 'Succeeded' }
      : { status: op.outcome, error: OUTCOME_ERRORS[op.outcome] };
  }

  /** The error every change ends with under a Failed or Canceled outcome setting. */
  immediateError(): { code: string; message: string } | undefined {
    return this.o.outcome === 'Succeeded' ? undefined : OUTCOME_ERRORS[this.o.outcome];
  }

  /** Seconds until the operation ends (0 once it has). */
  remainingSeconds(op: Operation): number {
    return Math.max(0, Math.ceil((op.doneMs - this.clock.now()) / 1000));
  }
}

export type DbKit = Kit<DbState>;

/** The seeded assignments, and no operation: made again on each reset (the state lives in the parts). */
export function makeDbState(_k: Omit<DbKit, 'state'>, p: { roles: DbState }): DbState {
  p.roles.reset();
  return p.roles;
}
