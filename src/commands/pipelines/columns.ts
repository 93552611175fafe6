import type {
  CheckoutKeyWire,
  ContextEnvVarWire,
  ContextWire,
  DecisionLogWire,
  PipelineDefinitionWire,
  ProjectEnvVarWire,
  ProjectWire,
  RestrictionWire,
} from '../../clients/pipelines/types.js';
import { exponential, humanDuration } from '../../output/text.js';
import type { Column } from '../../output/printer.js';

/**
 * 0.8473 → "84.7%". Past a million percent with an exponent, worked out from the rate's own so that
 * it does not overflow: 1e308 → "1e+310%" (its percent, 1e310, is past the largest double).
 */
export function percent(rate: number | undefined): string {
  if (rate === undefined) return '';
  if (!Number.isFinite(rate)) return String(rate);
  if (Math.abs(rate) < 1e4) return `${(rate * 100).toFixed(1)}%`;
  return `${exponential(rate).replace(/e\+(\d+)$/, (_, e: string) => `e+${Number(e) + 2}`)}%`;
}

/** 551 → "9m 11s"; 36291 → "10h 4m". */
export function duration(secs: number | undefined): string {
  return secs === undefined ? '' : humanDuration(secs);
}

export const CONTEXT_COLUMNS: Column<ContextWire>[] = [
  { header: 'id', get: (c) => c.id },
  { header: 'name', get: (c) => c.name, kind: 'text' },
  { header: 'created', get: (c) => c.created_at, format: 'relative' },
];

export const CONTEXT_ENV_COLUMNS: Column<ContextEnvVarWire>[] = [
  { header: 'variable', get: (v) => v.variable },
  { header: 'created', get: (v) => v.created_at, format: 'relative', priority: 2 },
  { header: 'updated', get: (v) => v.updated_at, format: 'relative' },
  { header: 'context id', get: (v) => v.context_id, priority: 3 },
];

export const RESTRICTION_COLUMNS: Column<RestrictionWire>[] = [
  { header: 'id', get: (r) => r.id },
  { header: 'type', get: (r) => r.restriction_type },
  { header: 'value', get: (r) => r.restriction_value, priority: 3 },
  { header: 'name', get: (r) => r.name, kind: 'text' },
];

export const PROJECT_COLUMNS: Column<ProjectWire>[] = [
  { header: 'slug', get: (p) => p.slug },
  { header: 'name', get: (p) => p.name, kind: 'text' },
  { header: 'id', get: (p) => p.id },
  {
    header: 'organization',
    get: (p) => `${p.organization_name} (${p.organization_slug})`,
    kind: 'text',
    priority: 2,
  },
  { header: 'organization id', get: (p) => p.organization_id, priority: 3 },
  { header: 'vcs', get: (p) => `${p.vcs_info?.provider} ${p.vcs_info?.vcs_url}`, kind: 'text', priority: 3 },
  { header: 'default branch', get: (p) => p.vcs_info?.default_branch, priority: 2 },
];

export const CHECKOUT_KEY_COLUMNS: Column<CheckoutKeyWire>[] = [
  { header: 'fingerprint', get: (k) => k.fingerprint },
  { header: 'type', get: (k) => k.type },
  { header: 'preferred', get: (k) => k.preferred, format: 'bool' },
  { header: 'created', get: (k) => k['created-at'], format: 'relative', priority: 2 },
  { header: 'public key', get: (k) => k['public-key'], kind: 'text', priority: 3 },
];

/** The value column shows what the service returns: already masked (`xxxx` and the last four). */
export const PROJECT_ENV_COLUMNS: Column<ProjectEnvVarWire>[] = [
  { header: 'name', get: (v) => v.name },
  { header: 'value', get: (v) => v.value, kind: 'text' },
  { header: 'created', get: (v) => v['created-at'], format: 'relative' },
];

export const DEFINITION_COLUMNS: Column<PipelineDefinitionWire>[] = [
  { header: 'id', get: (d) => d.id },
  { header: 'name', get: (d) => d.name, kind: 'text' },
  {
    header: 'config',
    get: (d) =>
      `${d.config_source?.repo?.full_name ?? d.config_source?.provider}:${d.config_source?.file_path}`,
    priority: 2,
  },
  {
    header: 'checkout',
    get: (d) => d.checkout_source?.repo?.full_name ?? d.checkout_source?.repo?.external_id,
    priority: 3,
  },
  { header: 'description', get: (d) => d.description, kind: 'text', priority: 3 },
  { header: 'created', get: (d) => d.created_at, format: 'relative', priority: 2 },
];

export const DECISION_COLUMNS: Column<DecisionLogWire>[] = [
  { header: 'id', get: (d) => d.id },
  {
    header: 'status',
    get: (d) => d.decision?.status,
    color: (v, s) => (v === 'PASS' ? s.green : v === 'SOFT_FAIL' ? s.yellow : s.red),
  },
  { header: 'created', get: (d) => d.created_at, format: 'relative' },
  { header: 'project id', get: (d) => d.metadata?.project_id, priority: 3 },
  { header: 'branch', get: (d) => d.metadata?.vcs?.branch, priority: 2 },
  { header: 'build', get: (d) => d.metadata?.build_number, priority: 2 },
  {
    header: 'failed rules',
    kind: 'text',
    get: (d) =>
      [...(d.decision?.hard_failures ?? []), ...(d.decision?.soft_failures ?? [])].map((f) => f.rule),
  },
];
