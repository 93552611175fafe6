import { OpsError } from '../../errors.js';

type Sodium = typeof import('libsodium-wrappers');

/**
 * Encrypts a secret for the service (reference doc2 §A.6): a libsodium sealed box (`crypto_box_seal`)
 * to the scope's Curve25519 public key, base64 (standard, padded). libsodium is loaded here only, when
 * a secret is set.
 */
export async function sealSecret(publicKeyBase64: string, value: string): Promise<string> {
  const key = Buffer.from(publicKeyBase64, 'base64');
  if (key.length !== 32 || key.toString('base64') !== publicKeyBase64)
    throw new OpsError(`the service's public key is not a 32-byte base64 key (${key.length} bytes)`);
  const m = await import('libsodium-wrappers');
  const sodium = ((m as unknown as { default?: Sodium }).default ?? m) as Sodium;
  await sodium.ready;
  return Buffer.from(sodium.crypto_box_seal(Buffer.from(value, 'utf8'), key)).toString('base64');
}
