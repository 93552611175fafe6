import { lazyStore } from './lazy-store.js';

/**
 * Who is told the state of a wait in progress, for the command line running in this async context:
 * the agent interface runs each tool call under its own listener and sends each state as an MCP
 * progress notification. A command line run by a person has none.
 */
const listener = lazyStore<(state: string) => void>();

/** Runs `body` with `onState` told of every state a wait in it sees. */
export function withWaitState<T>(onState: (state: string) => void, body: () => T): T {
  return listener.run(onState, body);
}

/** Tells the listener of this context, if any, the state a wait has seen. */
export function reportWaitState(state: string): void {
  listener.get()?.(state);
}
