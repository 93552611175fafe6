// The same floor as an ES module, as most scripts are written today. Its `import` of node:http reads
// every export, and the WebSocket getter loads Node's bundled undici: the CommonJS floor avoids it.
import { get } from 'node:http';

const base = process.env.OPS_HOSTS_BASE_URL;
const headers = {
  accept: 'application/json',
  'X-Monitor-Api-Key': process.env.OPS_HOSTS_API_KEY,
  'X-Monitor-Application-Key': process.env.OPS_HOSTS_APP_KEY,
};
get(`${base}/api/v1/hosts/totals`, { headers }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    body += chunk;
  });
  res.on('end', () => {
    const t = JSON.parse(body);
    process.stdout.write(`active  ${t.total_active}\nup      ${t.total_up}\n`);
  });
});
