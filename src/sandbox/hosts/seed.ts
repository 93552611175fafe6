/**
 * The emulated fleet. Nothing per host is stored: host i is computed from its index and a seed, so
 * `ops sandbox start --set hosts.count=100000` costs a few kilobytes. Only mutations (mutes) are kept,
 * by the emulator. Names are made so that index order is name order (role blocks in alphabetical
 * order, zero-padded numbers), which keeps the default listing free of sorting.
 */

/** Roles in alphabetical order, with the share of the fleet each takes. */
const ROLES: ReadonlyArray<{ role: string; share: number; app: string }> = [
  { role: 'api', share: 0.15, app: 'nginx' },
  { role: 'cache', share: 0.1, app: 'redis' },
  { role: 'db', share: 0.1, app: 'postgres' },
  { role: 'queue', share: 0.1, app: 'rabbitmq' },
  { role: 'web', share: 0.35, app: 'nginx' },
  { role: 'worker', share: 0.2, app: 'docker' },
];
const ENVS = ['prod', 'prod', 'prod', 'staging', 'dev'];
const TEAMS = ['core', 'payments', 'search', 'platform'];
const REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1'];
const INSTANCE_TYPES = ['m6i.large', 'm6i.xlarge', 'c6i.2xlarge', 'r6i.large'];

export const HOUR = 3600;
export const DAY = 86400;

/** How a host reports: the mix gives the liveness windows and `???` something to show. */
export type HostKind = 'agent' | 'agentless';

export interface HostFacts {
  index: number;
  name: string;
  role: string;
  kind: HostKind;
  aws: boolean;
  /** Seconds: reports continuously (`age` is the jitter below now) or stopped at `t0 - age`. */
  live: boolean;
  age: number;
}

/** 32-bit mix of two numbers (a murmur3 finaliser): the fleet's only source of variety. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Fleet {
  /** First index of each role block, plus `count` at the end. */
  private readonly starts: number[] = [];
  private readonly width: number;

  constructor(
    readonly count: number,
    private readonly seed: number,
  ) {
    let at = 0;
    const sizes = ROLES.map((r) => Math.floor(count * r.share));
    // The remainder goes to the largest block so that the sizes add up to count.
    sizes[4]! += count - sizes.reduce((a, b) => a + b, 0);
    for (const size of sizes) {
      this.starts.push(at);
      at += size;
    }
    this.starts.push(count);
    this.width = Math.max(3, String(Math.max(...sizes, 1)).length);
  }

  /** A number in [0, 1) that is fixed for this host and purpose. */
  rand(index: number, salt: number): number {
    return mix(index + Math.imul(this.seed, 0x27d4eb2d), salt) / 4294967296;
  }

  private block(index: number): number {
    let b = 0;
    while (b < ROLES.length - 1 && index >= this.starts[b + 1]!) b++;
    return b;
  }

  /** The first host of a role, or -1 when the fleet is too small to have one. */
  firstOf(role: string): number {
    const b = ROLES.findIndex((r) => r.role === role);
    return b >= 0 && this.starts[b]! < this.starts[b + 1]! ? this.starts[b]! : -1;
  }

  nameOf(index: number): string {
    const b = this.block(index);
    return `${ROLES[b]!.role}-${String(index - this.starts[b]! + 1).padStart(this.width, '0')}`;
  }

  /** The index of a host name, or -1: names are parsed, not looked up. */
  indexOf(name: string): number {
    const m = /^([a-z]+)-(\d+)$/.exec(name);
    if (!m) return -1;
    const b = ROLES.findIndex((r) => r.role === m[1]);
    if (b < 0) return -1;
    const index = this.starts[b]! + Number(m[2]) - 1;
    if (index < this.starts[b]! || index >= this.starts[b + 1]!) return -1;
    return this.nameOf(index) === name ? index : -1;
  }

  facts(index: number): HostFacts {
    const b = this.block(index);
    const r = this.rand(index, 1);
    const kind: HostKind = r >= 0.85 && r < 0.9 ? 'agentless' : 'agent';
    const aws = kind === 'agentless' || this.rand(index, 3) < 0.6;
    const spread = this.rand(index, 2);
    // 90 % report continuously; the rest stopped at staggered times before the sandbox started.
    let live = true;
    let age = Math.floor(spread * 60);
    if (r >= 0.9 && r < 0.94) [live, age] = [false, 20 * 60 + Math.floor(spread * 39 * 60)];
    else if (r >= 0.94 && r < 0.97) [live, age] = [false, 61 * 60 + Math.floor(spread * 118 * 60)];
    else if (r >= 0.97) [live, age] = [false, 3 * HOUR + 60 + Math.floor(spread * 6.5 * DAY)];
    return { index, name: this.nameOf(index), role: ROLES[b]!.role, kind, aws, live, age };
  }

  /** Last report in epoch seconds, given the sandbox's present and the time the fleet was made. */
  lastReported(f: HostFacts, now: number, t0: number): number {
    return f.live ? now - f.age : t0 - f.age;
  }

  /** Metrics arrive only from hosts with an agent; `up` also needs a report in the past two hours. */
  isUp(f: HostFacts, now: number, t0: number): boolean {
    return f.kind === 'agent' && now - this.lastReported(f, now, t0) <= 2 * HOUR;
  }

  id(index: number): number {
    return 3_000_000_000 + index;
  }

  awsId(index: number): string {
    return `i-0${(mix(index, 11) >>> 0).toString(16).padStart(8, '0')}${(mix(index, 12) >>> 0).toString(16).padStart(8, '0')}`;
  }

  tags(f: HostFacts): Record<string, string[]> {
    const i = f.index;
    const out: Record<string, string[]> = {};
    if (f.kind === 'agent') {
      out.Datadog = [
        `env:${ENVS[Math.floor(this.rand(i, 4) * ENVS.length)]}`,
        `role:${f.role}`,
        `team:${TEAMS[Math.floor(this.rand(i, 5) * TEAMS.length)]}`,
      ];
    }
    if (f.aws) {
      const region = REGIONS[Math.floor(this.rand(i, 6) * REGIONS.length)]!;
      out['Amazon Web Services'] = [
        `region:${region}`,
        `availability-zone:${region}${'abc'[Math.floor(this.rand(i, 7) * 3)]}`,
        `instance-type:${INSTANCE_TYPES[Math.floor(this.rand(i, 8) * INSTANCE_TYPES.length)]}`,
      ];
    }
    return out;
  }

  aliases(f: HostFacts): string[] {
    const out = [`${f.name}.sandbox.internal`];
    if (f.aws) out.push(this.awsId(f.index));
    return out;
  }

  apps(f: HostFacts): string[] {
    if (f.kind === 'agentless') return ['aws'];
    const app = ROLES.find((r) => r.role === f.role)!.app;
    return f.aws ? ['agent', 'ntp', app, 'aws'] : ['agent', 'ntp', app];
  }

  sources(f: HostFacts): string[] {
    if (f.kind === 'agentless') return ['aws'];
    return f.aws ? ['agent', 'aws'] : ['agent'];
  }

  metrics(f: HostFacts): { cpu?: number; iowait?: number; load?: number } {
    if (f.kind === 'agentless') return {};
    const i = f.index;
    const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
    return {
      cpu: round(this.rand(i, 9) ** 2 * 100, 1),
      iowait: round(this.rand(i, 10) * 6, 2),
      load: round(this.rand(i, 13) * 4, 2),
    };
  }

  meta(f: HostFacts): Record<string, unknown> {
    if (f.kind === 'agentless') return { agent_checks: [], fbsdV: [], macV: [], nixV: [], winV: [] };
    const i = f.index;
    const arm = this.rand(i, 14) < 0.25;
    const cores = [2, 4, 8, 16][Math.floor(this.rand(i, 15) * 4)]!;
    const processor = arm ? 'Neoverse-N1' : 'Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz';
    const hex = (salt: number) => mix(i, salt).toString(16).padStart(8, '0');
    const app = this.apps(f)[2]!;
    return {
      agent_checks: [
        ['ntp', 'ntp', `ntp:${hex(20)}`, 'OK', '', ''],
        ['disk', 'disk', `disk:${hex(21)}`, 'OK', '', ''],
        [app, app, `${app}:${hex(22)}`, this.rand(i, 23) < 0.05 ? 'WARNING' : 'OK', '', ''],
      ],
      agent_version: `7.${50 + Math.floor(this.rand(i, 16) * 6)}.${Math.floor(this.rand(i, 17) * 3)}`,
      cpuCores: cores,
      fbsdV: [],
      gohai: JSON.stringify({
        cpu: { cpu_cores: String(cores), model_name: processor },
        platform: {
          GOOS: 'linux',
          hostname: f.name,
          kernel_release: '6.1.0-18-cloud-amd64',
          machine: arm ? 'aarch64' : 'x86_64',
        },
      }),
      install_method: {
        installer_version: 'install_script-1.29.0',
        tool: 'install_script',
        tool_version: 'install_script',
      },
      macV: [],
      machine: arm ? 'aarch64' : 'x86_64',
      nixV: ['debian', '12.5', ''],
      platform: 'linux2',
      processor,
      pythonV: '3.11.8',
      'socket-fqdn': `${f.name}.sandbox.internal`,
      'socket-hostname': f.name,
      winV: [],
    };
  }
}

/** Application key of the documented second pair: valid, but without the hosts_read permission. */
export const NO_HOSTS_READ_APP_KEY = 'sandbox-hosts-app-key-no-hosts-read';
