import { UsageError } from '../../errors.js';

/**
 * A credential is printed to a pipe or a file; on a terminal, which may be watched or recorded, only
 * with --show (exit 2 without). The one rule of every command that prints a stored credential as it is
 * (`ops auth token`, `ops config get` of a secret key); call it before the value is read.
 */
export function refuseOnTerminal(stdoutIsTty: boolean, service: string, show: boolean): void {
  if (stdoutIsTty && !show)
    throw new UsageError(
      `the ${service} credential is not printed on a terminal`,
      'pass --show to print it here, or pipe it',
    );
}
