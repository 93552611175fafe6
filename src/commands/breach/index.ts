import type { Command } from 'commander';
import { BREACH_FIELDS, DOMAIN_FIELDS, SUBSCRIPTION_FIELDS } from '../../clients/breach/types.js';
import type { Factory } from '../../app/types.js';
import { breachAccountCommand } from './account.js';
import { breachDataclassesCommand } from './dataclasses.js';
import { breachDomainCommand } from './domain.js';
import { breachDomainsCommand } from './domains.js';
import { breachLatestCommand } from './latest.js';
import { breachListCommand } from './list.js';
import { breachShowCommand } from './show.js';
import { breachStealerLogsCommand } from './stealer-logs.js';
import { breachSubscriptionCommand } from './subscription.js';
import { addVerbs, read, groupCommand } from '../shared/verbs.js';

/** `ops breach`: the breach lookup API (seed 000 D). */
export function register(parent: Command, factory: Factory): void {
  const group = groupCommand(
    parent,
    'breach',
    'Breach lookup: accounts, domains, breaches, data classes and stealer logs',
    [
      'ops breach account test@example.com',
      'ops breach account --file accounts.txt -o ndjson',
      'ops breach latest --watch 10m',
    ],
    {
      notes: `Searches by account, domain and stealer log need a key (OPS_BREACH_API_KEY or breach.api_key);
list, show, latest and dataclasses need none. Every request carries a user agent (breach.user_agent,
default ops/<version>).`,
    },
  );
  addVerbs(
    group,
    {
      account: read(breachAccountCommand),
      domain: read(breachDomainCommand),
      domains: read(breachDomainsCommand, { list: true, fields: DOMAIN_FIELDS }),
      list: read(breachListCommand, { list: true, fields: BREACH_FIELDS }),
      show: read(breachShowCommand, { fields: BREACH_FIELDS }),
      latest: read(breachLatestCommand, { live: true, fields: BREACH_FIELDS }),
      dataclasses: read(breachDataclassesCommand, { list: true }),
      'stealer-logs': read(breachStealerLogsCommand),
      subscription: read(breachSubscriptionCommand, { fields: SUBSCRIPTION_FIELDS }),
    },
    factory,
  );
}

/** `ops sandbox demo` steps; each succeeds against a fresh sandbox. */
export const demo = [
  { title: 'Breach lookup: the latest breach (no key needed)', argv: ['breach', 'latest'] },
  {
    title: 'Breach lookup: the breaches of an account',
    argv: ['breach', 'account', 'test@example.com', '--full'],
  },
  {
    title: 'Breach lookup: every breached address of a verified domain',
    argv: ['breach', 'domain', 'example.com'],
  },
  {
    title: 'Breach lookup: stealer logs of an address',
    argv: ['breach', 'stealer-logs', '--email', 'jane@example.com'],
  },
  { title: "Breach lookup: the key's subscription", argv: ['breach', 'subscription'] },
];
