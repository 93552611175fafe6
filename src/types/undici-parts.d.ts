// Types for the undici modules the core loads directly (see clients/http/transport/undici.ts).
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici';
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  const api: {
    request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  };
  export default api;
}
declare module 'undici/lib/core/util.js' {
  const util: {
    parseHeaders(headers: Array<Buffer | string>): Record<string, string | string[]>;
  };
  export default util;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}
