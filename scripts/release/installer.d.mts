// Types of scripts/release/installer.mjs, for its tests.
export function installScript(o: { version: string; releases: string; url: string }): string;
