import type { Command } from 'commander';
import type { GlobalFlags, ServiceEntry, VerbCall } from '../../app/types.js';
import type { Io } from '../../io.js';
import type { Allowed } from './tools.js';

/** What `ops mcp` is started with: its permissions and bounds, the global flags it passes on, and its runners. */
export interface McpOptions {
  io: Io;
  allowed: Allowed;
  /** Only these services' tools (`--services`); all when undefined. */
  only: string[] | 'auto' | undefined;
  /** At most this many bytes of text in a result (`--max-bytes`). */
  maxBytes: number;
  /** Streamable HTTP on this address instead of stdio (`--http`), with this bearer token. */
  http?: { host: string; port: number; token: string; generated: boolean } | undefined;
  /** Global flags given to `ops mcp` (`-p work`), passed on to every verb it runs. */
  globals: GlobalFlags;
  services: readonly ServiceEntry[];
  tree(): Promise<Command>;
  callVerb(call: VerbCall, io: Io): Promise<number>;
  /** A command line in this process: the help tool's pages (`ops hosts list --help`). */
  runArgv(argv: string[], io: Io): Promise<number>;
}
