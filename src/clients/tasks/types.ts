import { wireFields } from '../wire-fields.js';
/** Wire types of the task-list API (seed 001 B; reference §B.4; specs/tasks.openapi.json). */

export interface TaskListWire {
  /** Always `tasks#taskList`. */
  kind?: string;
  id?: string;
  etag?: string;
  /** At most 1,024 characters. */
  title?: string;
  /** RFC 3339, read-only. */
  updated?: string;
  selfLink?: string;
}

export interface TaskListsWire {
  kind?: string;
  etag?: string;
  nextPageToken?: string;
  items?: TaskListWire[];
}

export interface TaskLinkWire {
  type?: string;
  description?: string;
  link?: string;
}

export interface AssignmentInfoWire {
  linkToTask?: string;
  /** `DOCUMENT` or `SPACE`. */
  surfaceType?: string;
  driveResourceInfo?: { driveFileId?: string; resourceKey?: string };
  spaceInfo?: { space?: string };
}

export type TaskStatus = 'needsAction' | 'completed';

export interface TaskWire {
  /** Always `tasks#task`. */
  kind?: string;
  id?: string;
  etag?: string;
  /** At most 1,024 characters. */
  title?: string;
  /** At most 8,192 characters. */
  notes?: string;
  status?: TaskStatus;
  /** RFC 3339; the service keeps the date only (midnight UTC). */
  due?: string;
  /** RFC 3339, set while the status is `completed`. */
  completed?: string;
  deleted?: boolean;
  /** Read-only: true once `clear` has hidden the completed task. */
  hidden?: boolean;
  /** Read-only: the parent task's id; changed by a move. */
  parent?: string;
  /** Read-only: orders siblings lexicographically. */
  position?: string;
  updated?: string;
  selfLink?: string;
  links?: TaskLinkWire[];
  webViewLink?: string;
  assignmentInfo?: AssignmentInfoWire;
}

export interface TasksWire {
  kind?: string;
  etag?: string;
  nextPageToken?: string;
  items?: TaskWire[];
}

/** Query of `GET /tasks/v1/lists/{tasklist}/tasks`, with the API's own names (RFC 3339 bounds). */
export interface ListTasksQuery {
  completedMin?: string | undefined;
  completedMax?: string | undefined;
  dueMin?: string | undefined;
  dueMax?: string | undefined;
  updatedMin?: string | undefined;
  showCompleted?: boolean | undefined;
  showHidden?: boolean | undefined;
  showDeleted?: boolean | undefined;
  showAssigned?: boolean | undefined;
  /** Page size, 1 to 100. */
  maxResults?: number | undefined;
}

/** Where a new or moved task goes: under `parent` (omitted: top level), after `previous` (omitted: first). */
export interface TaskPlacement {
  parent?: string | undefined;
  previous?: string | undefined;
}

export interface MoveTaskQuery extends TaskPlacement {
  /** Moves the task into this list; `parent` and `previous` then name tasks of that list. */
  destinationTasklist?: string | undefined;
}

/** The vendor-wide error body (reference §B.6). */
export interface ErrorWire {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    errors?: Array<{ message?: string; domain?: string; reason?: string }>;
  };
}

/** A task list's fields, for `--json a,b` (checked before any request, listed in the verb's help). */
export const TASK_LIST_FIELDS = [
  'etag',
  'id',
  'kind',
  'selfLink',
  'title',
  'updated',
] as const satisfies ReadonlyArray<keyof TaskListWire>;

/** A task's fields, for `--json a,b`. */
export const TASK_FIELDS = wireFields<TaskWire>({
  kind: true,
  id: true,
  etag: true,
  title: true,
  notes: true,
  status: true,
  due: true,
  completed: true,
  deleted: true,
  hidden: true,
  parent: true,
  position: true,
  updated: true,
  selfLink: true,
  links: true,
  webViewLink: true,
  assignmentInfo: true,
});
