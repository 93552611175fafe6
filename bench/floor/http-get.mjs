// A raw GET over `node:http`, as the MCP benchmarks make it (bench/mcp.mjs in its own process, and its
// floor server, bench/floor/mcp-server.mjs): a kept-alive socket, the body read whole and parsed.
import http from 'node:http';

/** A GET function on one kept-alive socket, and the agent that holds it (to destroy at the end). */
export function rawGetter() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url, headers) =>
    new Promise((resolve, reject) => {
      http
        .get(new URL(url), { agent, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (body += d));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(JSON.parse(body))
              : reject(new Error(`HTTP ${res.statusCode} ${url}`)),
          );
        })
        .on('error', reject);
    });
  return { agent, get };
}
