import { ReplyError, json } from '../core/framework.js';

/** Every error of this API is `{errors: [string]}` (seed C, Errors). */
export function fail(status: number, ...errors: string[]): ReplyError {
  return new ReplyError(json(status, { errors }));
}

export interface Mute {
  /** Epoch seconds; undefined: until unmuted. */
  end: number | undefined;
  message: string | undefined;
}
