import {
  BILLING_FREQUENCIES,
  CONTRACT_TERMS,
  CONTRACT_TYPES,
  type LaunchInstanceWire,
  MARKET_APP_IDS,
  REGION_NAMES,
  STORAGE_TYPES,
  TYPE_NAMES,
} from '../../../clients/cloud/types.js';
import { UsageError } from '../../../errors.js';
import type { Io } from '../../../io.js';
import { readInputFile } from '../../shared/secret-input.js';
import { parseInteger } from '../../shared/parse.js';
import { parseChoice, parseNumberChoice, parseText } from '../shared.js';

export interface LaunchFlags {
  region?: string;
  type?: string;
  image?: string;
  contractType?: string;
  storage?: string;
  contractTerm?: string;
  billingFrequency?: string;
  rootDiskSize?: string;
  reference?: string;
  marketApp?: string;
  sshKeyFile?: string;
  userDataFile?: string;
}

/** Operating-system codes name their family; custom images (uuids) are looked up before the launch. */
export function familyOfImageCode(imageId: string): 'linux' | 'freebsd' | 'windows' | undefined {
  if (/^WINDOWS_/i.test(imageId)) return 'windows';
  if (/^FREEBSD_/i.test(imageId)) return 'freebsd';
  if (/^(UBUNTU|DEBIAN|CENTOS|ALMALINUX|ROCKYLINUX|ARCHLINUX)_/i.test(imageId)) return 'linux';
  return undefined;
}

const PUBLIC_KEY =
  /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/]+=*( .*)?$/;

/** The public key of `--ssh-key-file`: one OpenSSH line; a private key is refused outright. */
export async function readSshKey(file: string, io: Io): Promise<string> {
  const text = (await readInputFile(io, file, '--ssh-key-file')).trim();
  if (/PRIVATE KEY/.test(text))
    throw new UsageError(
      `--ssh-key-file "${file}" holds a private key`,
      'give the public key, the .pub file beside it',
    );
  const line =
    text
      .split(/\r?\n/)
      .find((l) => l.trim() !== '' && !l.startsWith('#'))
      ?.trim() ?? '';
  if (!PUBLIC_KEY.test(line))
    throw new UsageError(
      `--ssh-key-file "${file}" is not an OpenSSH public key`,
      'give a file such as ~/.ssh/id_ed25519.pub (one line: ssh-ed25519 AAAA… comment)',
    );
  return line;
}

/**
 * Every seed rule of the launch body that needs no request: required flags, the enumerations, the
 * root disk range (and 50 GB for a Windows image code), term and billing frequency only with MONTHLY,
 * an ssh key and user data never together, an ssh key only for Linux and FreeBSD image codes.
 * The key and user data files are read later; their flags are only named here.
 */
export function parseLaunchFlags(o: LaunchFlags): LaunchInstanceWire {
  for (const [flag, v] of [
    ['--region', o.region],
    ['--type', o.type],
    ['--image', o.image],
    ['--contract-type', o.contractType],
    ['--storage', o.storage],
  ] as const)
    if (v === undefined || v.trim() === '')
      throw new UsageError(`${flag} is required`, 'see `ops cloud instance launch --help`');
  const contractType = parseChoice('--contract-type', o.contractType, CONTRACT_TYPES)!;
  const term = parseNumberChoice('--contract-term', o.contractTerm, CONTRACT_TERMS);
  const billing = parseNumberChoice('--billing-frequency', o.billingFrequency, BILLING_FREQUENCIES);
  if (contractType !== 'MONTHLY' && (term !== undefined || billing !== undefined))
    throw new UsageError(
      `${term !== undefined ? '--contract-term' : '--billing-frequency'} applies only to a MONTHLY contract`,
      'add --contract-type MONTHLY, or leave it out',
    );
  const imageId = o.image!.trim();
  const family = familyOfImageCode(imageId);
  const rootDiskSize = parseInteger('--root-disk-size', o.rootDiskSize, { min: 5, max: 1000 });
  if (family === 'windows' && rootDiskSize !== undefined && rootDiskSize < 50)
    throw new UsageError(
      `--root-disk-size ${rootDiskSize} is too small for a Windows image`,
      'give at least 50 (GB)',
    );
  if (o.sshKeyFile !== undefined && o.userDataFile !== undefined)
    throw new UsageError('--ssh-key-file and --user-data-file cannot be combined', 'give one of them');
  if (o.sshKeyFile !== undefined && family === 'windows')
    throw new UsageError(
      '--ssh-key-file is for Linux and FreeBSD images only',
      `${imageId} is a Windows image`,
    );
  const body: LaunchInstanceWire = {
    region: parseChoice('--region', o.region, REGION_NAMES)!,
    type: parseChoice('--type', o.type, TYPE_NAMES)!,
    imageId,
    contractType,
    rootDiskStorageType: parseChoice('--storage', o.storage, STORAGE_TYPES)!,
  };
  if (term !== undefined) body.contractTerm = term;
  if (billing !== undefined) body.billingFrequency = billing;
  if (rootDiskSize !== undefined) body.rootDiskSize = rootDiskSize;
  const reference = parseText('--reference', o.reference);
  if (reference !== undefined) body.reference = reference;
  const app = parseChoice('--market-app', o.marketApp, MARKET_APP_IDS);
  if (app !== undefined) body.marketAppId = app;
  return body;
}
