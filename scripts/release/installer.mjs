// install.sh as a release carries it: the template with the release's version and addresses, and the
// signature check of scripts/release/verify.sh written in (install.sh is one file, piped to sh).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const here = dirname(new URL(import.meta.url).pathname);

export function installScript({ version, releases, url }) {
  return readFileSync(join(here, 'install.sh'), 'utf8')
    .replace('@VERIFY_DOWNLOAD@\n', readFileSync(join(here, 'verify.sh'), 'utf8'))
    .replaceAll('@VERSION@', version)
    .replaceAll('@RELEASES_URL@', releases)
    .replaceAll('@BASE_URL@', url);
}
