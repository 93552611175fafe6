/**
 * The flags of `ops tasks` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--completed-since': 'list: completed at or after: RFC 3339, a date or relative (-2d, +1w)',
  '--completed-until': 'list: completed at or before: RFC 3339, a date or relative (-2d, +1w)',
  '--due': 'add, update: due date: 2026-05-01, an ISO time or relative (+3d); the service keeps the date',
  '--due-since': 'list: due at or after: RFC 3339, a date or relative (-2d, +1w)',
  '--due-until': 'list: due at or before: RFC 3339, a date or relative (-2d, +1w)',
  '--no-show-completed': 'list: leave completed tasks out',
  '--notes': 'add, update: notes, at most 8,192 characters',
  '--page-size': 'list, lists list: lists per request (maxResults), at most 100',
  '--parent': 'add, move: make it a subtask of this task',
  '--previous': 'add, move: put it after this sibling (default: first)',
  '--show-assigned': 'list: include tasks assigned from documents and chat spaces',
  '--show-completed': 'list: include completed tasks (the service does by default)',
  '--show-deleted': 'list: include deleted tasks',
  '--show-hidden': 'list: include completed tasks hidden by `ops tasks clear`',
  '--title': 'update: new title, at most 1,024 characters',
  '--to-list': 'move: move it, with its subtasks, into this list: id, exact title or @default',
};
