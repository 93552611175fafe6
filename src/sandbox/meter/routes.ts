import { type Operations, op } from '../core/anatomy.js';
import { type Reply, type SandboxRequest, json } from '../core/framework.js';
import type { Gate } from '../core/gate.js';
import { invalidFields, v2Error } from './errors.js';
import type { MeterKit } from './state.js';
import { type StreamEvent, schemaProblem } from './validate.js';

export interface MeterParts {
  keys: { test: string; live: string };
  sessions: Gate<string>;
  stream: Gate;
}

/** The two routes, by the client operation each serves. */
export function meterRoutes(k: MeterKit, p: MeterParts): Operations {
  return {
    createMeterEventSession: op(
      'POST',
      '/v2/billing/meter_event_session',
      p.sessions.guard((req, key) => {
        const body = parseBody(req);
        if ('reply' in body) return body.reply;
        if (body.value !== undefined) {
          const keys =
            body.value && typeof body.value === 'object' && !Array.isArray(body.value)
              ? Object.keys(body.value)
              : ['(body)'];
          if (keys.length > 0)
            return invalidFields(`Received unknown parameter: ${keys[0]}; a session takes no parameters`);
        }
        return json(200, k.state().createSession(key === p.keys.live));
      }),
    ),
    createMeterEventStream: op(
      'POST',
      '/v2/billing/meter_event_stream',
      p.stream.guard((req) => {
        const ct = req.headers['content-type'];
        if (ct !== undefined && !ct.includes('json'))
          return invalidFields(`v2 requests take a JSON body (content-type application/json), not ${ct}`);
        const body = parseBody(req);
        if ('reply' in body) return body.reply;
        const times: number[] = [];
        const problem = schemaProblem(body.value, times);
        if (problem) return invalidFields(problem);
        k.state().accept((body.value as { events: StreamEvent[] }).events, times);
        return json(200, {});
      }),
    ),
  };
}

function parseBody(req: SandboxRequest): { value: unknown } | { reply: Reply } {
  if (req.body.length === 0) return { value: undefined };
  try {
    return { value: JSON.parse(req.body.toString('utf8')) };
  } catch (err) {
    return {
      reply: v2Error(
        400,
        'invalid_request_error',
        'invalid_json',
        `The request body is not valid JSON: ${(err as Error).message}`,
      ),
    };
  }
}
