/**
 * The flags of `ops secrets` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--cas':
    'kv patch, kv put: check-and-set (KV v2): 0 writes only a new key, N only when the current version is N',
  '--cas-required': 'kv metadata put: require --cas on every write: true or false',
  '--custom-metadata': 'kv metadata put: custom metadata (replaces the whole map)',
  '--delete-version-after':
    'kv metadata put: delete each version this long after it is written, e.g. 720h (0s clears)',
  '--key-shares': 'operator init: number of unseal key shares',
  '--key-threshold': 'operator init: shares needed to unseal',
  '--max-versions': 'kv metadata put: versions to keep (0: the mount default, 10)',
  '--method': 'login: token, userpass, approle, or another auth method type',
  '--mount': '10 verbs (kv delete, kv destroy…): the KV mount, when the path is the key alone',
  '--namespace':
    'the secrets store namespace header of seed 000 A (X-Secrets-Namespace); no other service has namespaces',
  '--no-store': 'login: do not keep the token in the profile (print it with --field token)',
  '--openapi': 'help: print the OpenAPI object (paths relative to the path asked about) as JSON',
  '--param': 'login, read: login field, e.g. username=alice or role_id=…; a value of - is read from stdin',
  '--path': 'login: auth mount path (default: the method name)',
  '--perf-standby-ok': 'status: count a performance standby as healthy (perfstandbyok)',
  '--reset': 'operator unseal: forget the shares given so far',
  '--standby-ok': 'status: count a standby node as healthy (standbyok)',
  '--versions':
    'kv delete, kv destroy, kv undelete: KV v2 versions to delete, e.g. 1,2 (default: the latest)',
};
