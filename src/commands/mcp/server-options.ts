import type { Command } from 'commander';
import type { GlobalFlags, ServiceEntry, VerbCall } from '../../app/types.js';
import type { Io } from '../../io.js';
import type { Allowed, VerbChoice } from './tools.js';

/** What `ops mcp` is started with: its permissions and bounds, the global flags it passes on, and its runners. */
export interface McpOptions {
  io: Io;
  allowed: Allowed;
  /** Only these services' tools (`--services`); all when undefined. */
  only: string[] | 'auto' | undefined;
  /** Only these verbs, less those (`--tools`, `--exclude-tools`). */
  verbs: VerbChoice;
  /** At most this many bytes of text in a result (`--max-bytes`). */
  maxBytes: number;
  /** Streamable HTTP on this address instead of stdio (`--http`), with this bearer token. */
  http?: HttpOptions | undefined;
  /** Global flags given to `ops mcp` (`-p work`), passed on to every verb it runs. */
  globals: GlobalFlags;
  services: readonly ServiceEntry[];
  tree(): Promise<Command>;
  callVerb(call: VerbCall, io: Io): Promise<number>;
  /** A command line in this process: the help tool's pages (`ops hosts list --help`). */
  runArgv(argv: string[], io: Io): Promise<number>;
}

/** `--http` and the flags that bound it. */
export interface HttpOptions {
  host: string;
  port: number;
  token: string;
  generated: boolean;
  /** More `Host` values served (`--allowed-host`): a name the machine is reached by. */
  allowedHosts: string[];
  /** Seconds a session may sit unused before it is closed (`--session-idle`). */
  sessionIdle: number;
  /** Sessions open at once, at most (`--max-sessions`); more are 503 with Retry-After. */
  maxSessions: number;
}
