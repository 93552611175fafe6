import { readFileSync, statSync } from 'node:fs';

/** Larger than any CA bundle (the whole public set is about 250 KB): not read, so a mistake stays cheap. */
const MAX_CA_BYTES = 8 * 1024 * 1024;

const CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * Why this file cannot be a CA certificate in PEM form, or undefined when it holds at least one
 * `-----BEGIN CERTIFICATE-----` block. Node would ignore anything else in its trust list and the
 * connection would then fail, or a plain-HTTP request go out, as if no CA had been given.
 */
export function pemProblem(file: string): string | undefined {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_CA_BYTES)
      return `the file has ${size} bytes, too many for a CA certificate; give a PEM file`;
    text = readFileSync(file, 'latin1');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a folder' : e.message;
    return `cannot read it (${why}); give a readable PEM file`;
  }
  return CERTIFICATE.test(text)
    ? undefined
    : 'the file holds no PEM certificate (a -----BEGIN CERTIFICATE----- block); give the CA certificate in PEM form';
}
