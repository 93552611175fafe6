import { type Reply, json } from '../core/framework.js';

/** The API version every answer names (seed B, Versioning). */
export const API_VERSION = '0.1.20250526';

/** Status codes and messages the emulator uses (reference §B.4). */
export const STATUS = {
  ok: [20000, 'Ok.'],
  taskCreated: [20100, 'Task Created.'],
  oneTaskOnly: [40000, 'You can set only one task at a time.'],
  tooManyTasks: [40006, 'You can set no more than 100 tasks.'],
  unauthorized: [40100, 'You are not authorized to access this resource.'],
  rateLimited: [40202, 'Rate-limit is exceeded. Please contact our support team.'],
  notFound: [40400, 'Not Found.'],
  taskNotFound: [40401, 'Task Not Found.'],
  invalidField: [40501, 'Invalid Field:'],
  empty: [40502, 'POST Data Is Empty.'],
  invalid: [40503, 'POST Data Is Invalid.'],
  unknownFields: [40506, 'Unknown Fields in POST Data:'],
} as const satisfies Record<string, readonly [number, string]>;

export interface Task {
  id: string;
  status_code: number;
  status_message: string;
  time: string;
  cost: number;
  result_count: number;
  path: string[];
  data: Record<string, unknown>;
  result: unknown[] | null;
}

/** `"0.0123 sec."`: the service writes execution times with their unit. */
export function seconds(s: number): string {
  return `${s.toFixed(4)} sec.`;
}

/** The envelope every answer is (seed B, Response envelope). */
export function envelope(
  status: number,
  message: string,
  tasks: Task[] | null,
  o: { http?: number; headers?: Record<string, string> } = {},
): Reply {
  return json(
    o.http ?? 200,
    {
      version: API_VERSION,
      status_code: status,
      status_message: message,
      time: seconds(0.01 + (tasks?.reduce((n, t) => n + t.result_count, 0) ?? 0) / 200_000),
      cost: 0,
      tasks_count: tasks?.length ?? 0,
      tasks_error: tasks?.filter((t) => t.status_code >= 40000).length ?? 0,
      tasks,
    },
    o.headers,
  );
}

/** A task entry: its status, the echo of what was asked, and its results (null when it failed). */
export function task(
  id: string,
  [code, message]: readonly [number, string],
  path: string[],
  data: Record<string, unknown>,
  result: unknown[] | null,
  detail?: string,
): Task {
  return {
    id,
    status_code: code,
    status_message: detail ? `${message} ${detail}` : message,
    time: seconds(0.005 + (result?.length ?? 0) / 200_000),
    cost: 0,
    result_count: result?.length ?? 0,
    path,
    data,
    result,
  };
}
