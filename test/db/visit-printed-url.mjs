// Reads a login's stderr on stdin and does what its user does: opens the sign-in address it prints in
// a browser (test/db/fake-browser.mjs, which follows the sign-in), or the device-code page with the code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

let text = '';
let visited = false;
process.stdin.on('data', (d) => {
  text += d.toString();
  const url = /^http\S+\/(?:oauth2\/authorize|oauth2\/v2\/auth)\S+/m.exec(text)?.[0];
  // A device code: the person opens the verification page with it.
  const device = /open (\S+) on any device and enter the code (\S+)/.exec(text);
  if (device && !visited) {
    visited = true;
    fetch(`${device[1]}?user_code=${device[2]}`).catch(() => undefined);
  }
  if (url && !visited) {
    visited = true;
    spawn(process.execPath, [join(import.meta.dirname, 'fake-browser.mjs'), url], { stdio: 'ignore' });
  }
});
