// Types of scripts/manual.mjs, for the tests that hold the manual to the build.
export function pageName(command: string, commands?: string[]): string;
export function childrenOf(command: string, commands: string[]): string[];
export function referencePage(
  command: string,
  help: string,
  o: { commands: string[]; topics?: string[] },
): string;
export function topicPage(topic: string, text: string): string;
export function manPage(
  command: string,
  help: string,
  o: { version: string; commands: string[]; topics?: Array<{ heading: string; text: string }> },
): string;
export const REFERENCE_DIR: string;
export const REFERENCE_COMMAND: string;
export function referencePages(root: string): Map<string, string>;
export const TOPIC: RegExp;
