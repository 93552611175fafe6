// Preloaded (node --require) by bench/sandbox-answers.mjs into the sandbox and each `ops`: a frozen wall
// clock, a seeded Math.random, and crypto randomness (bytes, UUIDs, Ed25519 keys) drawn from it, so that
// two runs of the same code answer byte for byte.
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
const RealDate = Date;
class FrozenDate extends RealDate {
  constructor(...a) {
    if (a.length === 0) super(T0);
    else super(...a);
  }
  static now() {
    return T0;
  }
}
globalThis.Date = FrozenDate;
let s = 42;
Math.random = () => {
  s = (s + 0x6d2b79f5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const crypto = require('node:crypto');
const bytes = (len) => {
  const b = Buffer.alloc(len);
  for (let i = 0; i < len; i++) b[i] = Math.floor(Math.random() * 256);
  return b;
};
crypto.randomBytes = (len, cb) => {
  const b = bytes(len);
  if (cb) {
    cb(null, b);
    return;
  }
  return b;
};
crypto.randomUUID = () => {
  const h = bytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
crypto.getRandomValues = (a) => {
  const b = bytes(a.byteLength);
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength).set(b);
  return a;
};
if (globalThis.crypto) {
  try {
    globalThis.crypto.getRandomValues = crypto.getRandomValues;
    globalThis.crypto.randomUUID = crypto.randomUUID;
  } catch {}
}
const realGen = crypto.generateKeyPairSync;
crypto.generateKeyPairSync = (type, opts) => {
  if (type !== 'ed25519') return realGen(type, opts);
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), bytes(32)]);
  const privateKey = crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: crypto.createPublicKey(privateKey) };
};
