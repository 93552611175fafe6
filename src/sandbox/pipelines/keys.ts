import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

/** An SSH public key as the service shows it, with both fingerprints. */
export interface SshKey {
  /** `ssh-ed25519 AAAA…` (OpenSSH format). */
  publicKey: string;
  /** `SHA256:` and the unpadded base64 of the SHA-256 of the key blob, as `ssh-keygen -l` prints it. */
  sha256: string;
  /** The MD5 of the key blob as colon-separated hex pairs (`ssh-keygen -l -E md5`, without `MD5:`). */
  md5: string;
}

function sshString(b: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(b.length);
  return Buffer.concat([len, b]);
}

/** The OpenSSH wire blob of an Ed25519 public key: string "ssh-ed25519", string key. */
export function ed25519Blob(raw: Buffer): Buffer {
  return Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
}

export function fingerprints(blob: Buffer): { sha256: string; md5: string } {
  const sha = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  const md5 = createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
  return { sha256: `SHA256:${sha}`, md5 };
}

function fromPublic(pub: ReturnType<typeof createPublicKey>, comment: string): SshKey {
  const raw = Buffer.from((pub.export({ format: 'jwk' }) as { x: string }).x, 'base64url');
  const blob = ed25519Blob(raw);
  return { publicKey: `ssh-ed25519 ${blob.toString('base64')} ${comment}`, ...fingerprints(blob) };
}

/** PKCS#8 prefix of an Ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A key pair made from a fixed seed, for seed data whose fingerprints the README can show. */
export function seededKey(label: string, comment: string): SshKey {
  const seed = createHash('sha256').update(`ops-sandbox-ssh:${label}`).digest();
  const priv = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  return fromPublic(createPublicKey(priv), comment);
}

/** A new random key, as the service makes one for each created checkout key. */
export function newKey(comment: string): SshKey {
  return fromPublic(generateKeyPairSync('ed25519').publicKey, comment);
}
