import type { Dispatcher } from 'undici';
import AgentImpl from 'undici/lib/dispatcher/agent.js';
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import api from 'undici/lib/api/index.js';
import util from 'undici/lib/core/util.js';
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';

// What undici's index does: every dispatcher gets request, stream, connect… A proxy agent tunnels
// with its client's connect(), which without this is not a function (a test process that loads the
// index, as MockAgent does, hid it: only the built CLI failed behind a proxy).
Object.assign(DispatcherImpl.prototype, api);

/**
 * The parts of undici the core uses, loaded one by one: undici's index also loads fetch, WebSocket,
 * caching and the mock agent, which doubles the cost of a simple command's start.
 */
export const Agent = AgentImpl;
export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl;
/** Raw header pairs as `request()` gives them: lower-case names, a repeated header as an array. */
export const parseHeaders = util.parseHeaders;

/** `undici.request(url, options)` on a given dispatcher, without the index. */
export function request(
  url: URL,
  options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher },
) {
  const { dispatcher, ...rest } = options;
  return api.request.call(dispatcher, {
    ...rest,
    origin: url.origin,
    path: url.search ? `${url.pathname}${url.search}` : url.pathname,
  } as Dispatcher.RequestOptions);
}
