import type { CompletionSpec } from '../../shared/complete.js';
import { namespaceOf } from './command.js';
import { start } from './start.js';

interface MountWire {
  type?: string;
  description?: string;
  options?: { version?: string } | null;
}

/** The folder of a half-typed path (`secret/app/` of `secret/app/d`): what is listed, as vault does. */
const folderOf = (word: string) => word.slice(0, word.lastIndexOf('/') + 1);

/**
 * KV paths, one folder at a time as vault completes them: with no folder yet, the KV mounts the token
 * can reach (`secret/`); in one, its keys, a folder's ending in `/` so that TAB goes on into it. A
 * folder is found as every KV verb finds it (the mount's version first, then its list), and the
 * whole list comes in one answer: the API has no pages here.
 */
export const kvPathCompletion: CompletionSpec = {
  scope: folderOf,
  list: async (c) => {
    const o = c.cmd.opts() as { namespace?: string; mount?: string };
    const { base } = await start(c.factory, c.cmd, { namespace: namespaceOf(o.namespace) });
    const client = await base.client();
    const folder = folderOf(c.word);
    if (folder === '' && o.mount === undefined) {
      const { body } = await client.read<{ secret?: Record<string, MountWire> }>('sys/internal/ui/mounts');
      return Object.entries(body.data?.secret ?? {})
        .filter(([, m]) => m.type === 'kv' || m.type === 'generic')
        .map(([value, m]) => ({ value, description: `KV version ${m.options?.version ?? '1'}` }));
    }
    const loc = await client.locateKv(folder, o.mount);
    const keys: string[] = [];
    for await (const key of loc.version === 2 ? client.kvV2List(loc) : client.kvV1List(loc)) keys.push(key);
    return keys.map((key) => ({
      value: `${folder}${key}`,
      description: key.endsWith('/') ? 'folder' : 'secret',
    }));
  },
};
