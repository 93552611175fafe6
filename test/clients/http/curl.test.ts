import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type CredentialCommand, toCurl } from '../../../src/clients/http/curl.js';
import { Redactor } from '../../../src/clients/http/redact.js';
import type { SecretField } from '../../../src/clients/http/types.js';

/**
 * --dry-run's curl lines, body by body (issue #45): what is printed, and what bash hands curl when it
 * runs the line with `ops` signed in and the variables set: the very body ops sends.
 */
const TOKEN = 'tok-en.42_X';
const SECRETS = { value: TOKEN, command: 'ops auth token secrets' };
const redactor = new Redactor([TOKEN, 'ab"cd-cred']);
const json = { 'content-type': 'application/json' };

function curl(
  body: string,
  o: {
    headers?: Record<string, string>;
    sensitive?: boolean;
    fields?: SecretField[];
    credentials?: CredentialCommand[];
  } = {},
) {
  return toCurl(
    'POST',
    'http://api.test/v1/x',
    o.headers ?? json,
    body,
    redactor,
    o.sensitive ?? false,
    o.credentials ?? [SECRETS],
    { secretFields: o.fields },
  );
}

/**
 * What bash hands curl for its body when it runs `line`: a `curl` function prints its data option,
 * `ops` prints the token.
 */
function bodyBashSends(line: string, vars: Record<string, string> = {}): string {
  const script = `
ops() { printf %s '${TOKEN}'; }
curl() {
  local out='' sep=''
  while [ $# -gt 0 ]; do
    case $1 in
      --data-binary) out+="$sep$2"; sep='&'; shift ;;
    esac
    shift
  done
  printf %s "$out"
}
${line}`;
  // stdin not a pipe: bash would take itself for a remote shell and read ~/.bashrc.
  return execFileSync('bash', ['-c', script], {
    env: { ...vars, PATH: process.env.PATH },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('toCurl: sealed values (runs secret set)', () => {
  it('a sensitive body whose fields say none is secret is printed as it is, and bash sends it', () => {
    const body = '{"encrypted_value":"c2VhbGVk+Ym94/w==","key_id":"650345385457721270"}';
    const c = curl(body, { sensitive: true, fields: [] });
    expect(c.line).toContain(`--data-binary '${body}'`);
    expect(c.variables).toEqual([]);
    expect(bodyBashSends(c.line)).toBe(body);
  });
});

describe("toCurl: a request's own credential in the body", () => {
  it('JSON: the whole value, or a part of a string, is its command where JSON needs no escape in it', () => {
    const body = JSON.stringify({ token: TOKEN, note: `x ${TOKEN} y`, n: 3 });
    const c = curl(body);
    expect(c.line).toContain(
      `--data-binary '{"token":"'"$(ops auth token secrets)"'","note":"x '"$(ops auth token secrets)"' y","n":3}'`,
    );
    expect(c.line).not.toContain(TOKEN);
    expect(bodyBashSends(c.line)).toBe(body);
  });

  it('JSON: a credential that JSON escapes stays masked (its output could not be proven JSON-safe)', () => {
    const odd = { value: 'ab"cd-cred', command: 'ops auth token odd' };
    const c = curl(JSON.stringify({ note: 'ab"cd-cred' }), { credentials: [odd] });
    expect(c.line).toContain(`--data-binary '{"note":"***"}'`);
    expect(c.line).not.toContain('$(ops');
  });
});

describe('toCurl: secret values the user gave', () => {
  it('each JSON-safe secret is read from OPS_VALUE_<KEY>; fields that are not secret are shown', () => {
    const body = JSON.stringify({ data: { password: 'hunter2', user: 'bob' }, options: { cas: 1 } });
    const c = curl(body, { sensitive: true, fields: [{ path: 'data' }] });
    expect(c.line).toContain(
      `--data-binary '{"data":{"password":"'"$OPS_VALUE_PASSWORD"'","user":"'"$OPS_VALUE_USER"'"},"options":{"cas":1}}'`,
    );
    expect(c.line).not.toMatch(/hunter2|bob/);
    expect(c.variables).toEqual([
      { name: 'OPS_VALUE_PASSWORD', what: 'the secret value ops would send as data.password' },
      { name: 'OPS_VALUE_USER', what: 'the secret value ops would send as data.user' },
    ]);
    expect(bodyBashSends(c.line, { OPS_VALUE_PASSWORD: 'hunter2', OPS_VALUE_USER: 'bob' })).toBe(body);
  });

  it('a field may name its variable; a second value under one name gets _2; the same value, the same one', () => {
    const body = JSON.stringify({ name: 'NPM_TOKEN', value: 'npm-secret' });
    const named = curl(body, { sensitive: true, fields: [{ path: 'value', name: 'NPM_TOKEN' }] });
    expect(named.line).toContain(`'{"name":"NPM_TOKEN","value":"'"$OPS_VALUE_NPM_TOKEN"'"}'`);
    const twice = curl(JSON.stringify({ a: { pass: 'one' }, b: { pass: 'two' }, c: { pass: 'one' } }), {
      sensitive: true,
    });
    expect(twice.variables.map((v) => v.name)).toEqual(['OPS_VALUE_PASS', 'OPS_VALUE_PASS_2']);
    expect(twice.line).toContain(`"c":{"pass":"'"$OPS_VALUE_PASS"'"}`);
  });

  it('a value JSON must escape (a quote, a backslash, a newline) is masked: no variable could give its bytes', () => {
    for (const value of ['hun"ter', 'back\\slash', 'two\nlines']) {
      const c = curl(JSON.stringify({ data: { password: value } }), { sensitive: true });
      expect(c.line).toContain(`'{"data":{"password":"***"}}'`);
      expect([c.variables, c.masked]).toEqual([[], ['data.password']]);
    }
  });

  it('a secret-looking key of a body that is not sensitive (ops api -f password=…) is a variable too; numbers of a sensitive one are masked', () => {
    const c = curl(JSON.stringify({ title: 'x', password: 'pw-value-9', keys: ['a1', 'b2'] }));
    expect(c.line).toContain(`'{"title":"x","password":"'"$OPS_VALUE_PASSWORD"'","keys":"***"}'`);
    const n = curl(JSON.stringify({ data: { pin: 1234, on: true } }), { sensitive: true });
    expect(n.line).toContain(`'{"data":{"pin":"***","on":true}}'`);
  });
});

describe('toCurl: credentials in the URL', () => {
  it('a credential the URL carries percent-encoded is masked, as is a password in its user part', () => {
    const key = 'abc+def/ghi= j';
    const r = new Redactor([key]);
    const q = toCurl('GET', `http://h.test/x?api_key=${encodeURIComponent(key)}&b=1`, {}, undefined, r);
    expect(q.line).toBe(`curl -X GET 'http://h.test/x?api_key=***&b=1'`);
    const form = toCurl('GET', `http://h.test/x?${new URLSearchParams({ api_key: key })}`, {}, undefined, r);
    expect(form.line).toBe(`curl -X GET 'http://h.test/x?api_key=***'`);
    const user = toCurl('POST', 'http://bob:pa55word-x@h.test/x', {}, undefined, r);
    expect(user.line).toBe(`curl -X POST 'http://bob:***@h.test/x'`);
  });

  it('one that needs no encoding is its command', () => {
    const c = toCurl('GET', `http://h.test/x?api_key=${TOKEN}`, {}, undefined, redactor, false, [SECRETS]);
    expect(c.line).toBe(`curl -X GET 'http://h.test/x?api_key='"$(ops auth token secrets)"`);
  });

  it('a query parameter named as a credential is read from OPS_QUERY_<NAME>; bash sends the same URL', () => {
    const url = 'http://h.test/x?count=1&api_key=QSsecret1234&access_token=QS.s-5678&page_token=p2';
    const c = toCurl('GET', url, {}, undefined, new Redactor([]));
    expect(c.line).toBe(
      `curl -X GET 'http://h.test/x?count=1&api_key='"$OPS_QUERY_API_KEY"'&access_token='"$OPS_QUERY_ACCESS_TOKEN"'&page_token=p2'`,
    );
    expect(c.variables).toEqual([
      { name: 'OPS_QUERY_API_KEY', what: 'the value of the api_key query parameter' },
      { name: 'OPS_QUERY_ACCESS_TOKEN', what: 'the value of the access_token query parameter' },
    ]);
    expect(c.masked).toEqual([]);
    const sent = execFileSync('bash', ['-c', `curl() { printf %s "$3"; }\n${c.line}`], {
      env: { OPS_QUERY_API_KEY: 'QSsecret1234', OPS_QUERY_ACCESS_TOKEN: 'QS.s-5678', PATH: process.env.PATH },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(sent).toBe(url);
  });

  it('one whose value is percent-encoded is masked, and the line says it does not run', () => {
    const c = toCurl('GET', 'http://h.test/x?X-Amz-Signature=ab%2Fcd&n=1', {}, undefined, new Redactor([]));
    expect(c.line).toBe(`curl -X GET 'http://h.test/x?X-Amz-Signature=***&n=1'`);
    expect(c.masked).toEqual(['the X-Amz-Signature query parameter']);
  });
});
