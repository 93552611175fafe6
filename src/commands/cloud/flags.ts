/**
 * The flags of `ops cloud` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--billing-frequency': 'instance launch, instance update: MONTHLY only: 1, 3, 6, 12, 24',
  '--contract-state': 'instance list: ACTIVE, DELETE_SCHEDULED, PENDING, INACTIVE, CANCELLED',
  '--contract-term': 'instance launch, instance update: MONTHLY only: 0, 1, 3, 6, 12, 24, 36',
  '--contract-type': 'instance launch, instance list, instance update: HOURLY or MONTHLY (required)',
  '--cooldown': 'asg create, asg update: CPU_BASED: 300 to 900 seconds',
  '--cpu-threshold': 'asg create, asg update: CPU_BASED: scale out above this CPU use, 1 to 100',
  '--custom': 'images: custom images only',
  '--desired': 'asg create, asg update: MANUAL and SCHEDULED (required there): instances to run, >= 1',
  '--ends-at': 'asg create, asg update: SCHEDULED (required): later than --starts-at',
  '--flavour': 'images: ubuntu, debian, freebsd, centos, almalinux, rockylinux, archlinux, windows',
  '--granularity':
    'instance metrics cpu, lb metrics: one value per 5m, 10m, 30m, 1h, 1d, 1w (the seed; CPU also 60m)',
  '--image':
    'instance launch, instance list: operating system code (UBUNTU_24_04_64BIT…) or custom image UUID (required; `ops cloud images`)',
  '--instance': 'asg create, asg list: the instance the group is made from (required)',
  '--ip': 'instance list: an IP address of the instance',
  '--market-app': 'instance launch: application to install, e.g. CPANEL_30, PLESK_WEB_PRO',
  '--max': 'asg create, asg update: CPU_BASED (required): most instances, >= --min',
  '--min': 'asg create, asg update: CPU_BASED (required): fewest instances, >= 1',
  '--reason': 'instance terminate: required with CANCEL_OTHER',
  '--reason-code':
    'instance terminate: why (required for MONTHLY): CANCEL_TRIAL_PERIOD, CANCEL_PRODUCT_SWITCH, CANCEL_OTHER',
  '--reference': '6 verbs (asg create, asg list…): a name of your own for the instance',
  '--root-disk-size': 'instance launch, instance update: root disk, 5 to 1000 GB (at least 50 for Windows)',
  '--show-password': 'instance credentials get: print the password too',
  '--ssh-key-file':
    'instance launch: OpenSSH public key to install (Linux and FreeBSD images); not with --user-data-file',
  '--starts-at':
    'asg create, asg update: SCHEDULED (required): ISO date-time, epoch seconds or relative (+1d)',
  '--storage': 'instance launch: root disk storage: LOCAL or CENTRAL (required)',
  '--user-data-file':
    'instance launch: plain-text user data (cloud-init), - for stdin; not with --ssh-key-file',
  '--username':
    '4 verbs (instance credentials delete, instance credentials get…): letters, digits and @ . - _ (required)',
  '--warmup': 'asg create, asg update: CPU_BASED: 60 to 900 seconds',
};
