import type { HostedRunnerWire, RunnerGroupWire } from '../../../clients/runs/types.js';
import type { Column } from '../../../output/printer.js';

export const RUNNER_GROUP_COLUMNS: Column<RunnerGroupWire>[] = [
  { header: 'id', get: (g) => g.id },
  { header: 'name', get: (g) => g.name, kind: 'text' },
  { header: 'visibility', get: (g) => g.visibility },
  { header: 'default', get: (g) => g.default },
  { header: 'public repos', get: (g) => g.allows_public_repositories },
  {
    header: 'workflows',
    get: (g) => (g.restricted_to_workflows ? g.selected_workflows : 'all'),
    kind: 'text',
  },
];

export const HOSTED_RUNNER_COLUMNS: Column<HostedRunnerWire>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'name', get: (r) => r.name, kind: 'text' },
  { header: 'status', get: (r) => r.status, color: (v, s) => (v === 'Ready' ? s.green : s.yellow) },
  { header: 'platform', get: (r) => r.platform },
  { header: 'size', get: (r) => r.machine_size_details?.id },
  { header: 'image', get: (r) => r.image_details?.display_name, kind: 'text' },
  { header: 'group', get: (r) => r.runner_group_id },
];
