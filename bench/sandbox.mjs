// The sandbox in a process of its own, as the benchmarks start it, so that the server's CPU is not
// counted for the client being measured.
const { spawn } = process.getBuiltinModule('node:child_process');

/**
 * Runs `ops sandbox start --port 0 …args` with `node bin`, resolves once it listens: its URL and a
 * `stop()` that ends it with SIGTERM. Its clock runs in real time (`clock.speed=1`), so that rate
 * windows and session lifetimes are the seed's while the figures are taken.
 */
export async function startSandbox(node, bin, args = []) {
  const child = spawn(node, [bin, 'sandbox', 'start', '--port', '0', '--set', 'clock.speed=1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
