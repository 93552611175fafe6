import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/cli.js';

// Nothing listens at the address: an empty secret is refused before any request.
const env = { OPS_SECRETS_BASE_URL: 'http://127.0.0.1:9' };

describe('an empty login secret names the field, where it was read and how to give it (issue 37, item 8)', () => {
  it.each([
    [[], 'token', 'TOKEN'],
    [['--method', 'userpass', '-f', 'username=alice'], 'password', 'PASSWORD'],
    [['--method', 'userpass', '-f', 'username=alice', '-f', 'password=-'], 'password', 'PASSWORD'],
    [['--method', 'approle', '-f', 'role_id=r1'], 'secret_id', 'SECRET_ID'],
  ])('secrets login %j < /dev/null', async (args, field, variable) => {
    const r = await runMain(['secrets', 'login', ...args], { env, input: '' });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `ops: the ${field} read from stdin is empty\nhint: pipe it, e.g. printf %s "$${variable}" | ops secrets login …, or run on a terminal to be asked\n`,
    });
  });

  it('a newline alone is empty too', async () => {
    const r = await runMain(['secrets', 'login'], { env, input: '\n' });
    expect(r.stderr.split('\n')[0]).toBe('ops: the token read from stdin is empty');
  });
});
