// The floor for `ops hosts totals`: the same request and output from a bare CommonJS script on
// Node's own http module, with nothing else loaded. No Node client can start faster.
const http = require('node:http');

const base = process.env.OPS_HOSTS_BASE_URL;
const headers = {
  accept: 'application/json',
  'X-Monitor-Api-Key': process.env.OPS_HOSTS_API_KEY,
  'X-Monitor-Application-Key': process.env.OPS_HOSTS_APP_KEY,
};
http.get(`${base}/api/v1/hosts/totals`, { headers }, (res) => {
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
