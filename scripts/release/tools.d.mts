// Types of scripts/release/tools.mjs, for its test.
export interface Missing {
  need: string;
  package: string;
}
export function onPath(tool: string, path?: string): boolean;
export function missingTools(
  targets: readonly object[],
  o?: { has?: (tool: string) => boolean; exists?: (path: string) => boolean },
): Missing[];
export function missingLine(missing: readonly Missing[]): string;
