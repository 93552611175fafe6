import { describe, expect, it } from 'vitest';
import { jwtExp, maskCredential, sourceName } from '../../../src/commands/auth/shared.js';

const jwt = (claims: object) =>
  `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('maskCredential', () => {
  it.each([
    ['sandbox-hosts-api-key', 'sand****'],
    ['123456789012', '1234****'],
    // Shorter than 12: nothing of it.
    ['12345678901', '****'],
    ['abc', '****'],
    ['', ''],
    [undefined, ''],
  ])('%s → %s', (value, masked) => {
    expect(maskCredential(value)).toBe(masked);
  });
});

describe('sourceName', () => {
  const r = (o: object) => ({ value: 'v', envName: 'OPS_TASKS_TOKEN', origin: undefined, ...o });
  it('names each source as ops auth status shows it', () => {
    expect(sourceName(r({ origin: 'flag' }))).toBe('flag --token-stdin');
    expect(sourceName(r({ origin: 'env' }))).toBe('env OPS_TASKS_TOKEN');
    expect(sourceName(r({ origin: 'profile', stored: 'keyring' }))).toBe('keyring');
    expect(sourceName(r({ origin: 'profile', stored: 'file' }))).toBe('file');
    expect(sourceName(r({ value: undefined }))).toBe('none');
    expect(sourceName(r({ origin: 'env', value: '' }))).toBe('none');
  });
});

describe('jwtExp', () => {
  it('reads exp of a JWT-shaped token, and nothing of anything else', () => {
    expect(jwtExp(jwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(jwtExp(jwt({ sub: 'x' }))).toBeUndefined();
    expect(jwtExp(jwt({ exp: 'soon' }))).toBeUndefined();
    expect(jwtExp('a.b.c')).toBeUndefined();
    expect(jwtExp('sandbox-tasks-token')).toBeUndefined();
  });
});
