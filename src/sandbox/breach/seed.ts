/**
 * Seed data of the breach lookup emulator: breaches with every attribute of the seed's model,
 * accounts, stealer-log records and subscriptions. Names are made up except Adobe, the example of
 * the reference (D.4). Times are minute precision, as the seed says.
 */

export interface Breach {
  Name: string;
  Title: string;
  Domain: string;
  BreachDate: string;
  AddedDate: string;
  ModifiedDate: string;
  PwnCount: number;
  Description: string;
  LogoPath: string;
  DataClasses: string[];
  IsVerified: boolean;
  IsFabricated: boolean;
  IsSensitive: boolean;
  IsRetired: boolean;
  IsSpamList: boolean;
  IsMalware: boolean;
  IsSubscriptionFree: boolean;
  IsStealerLog: boolean;
}

type Flags = Partial<
  Pick<
    Breach,
    | 'IsVerified'
    | 'IsFabricated'
    | 'IsSensitive'
    | 'IsRetired'
    | 'IsSpamList'
    | 'IsMalware'
    | 'IsSubscriptionFree'
    | 'IsStealerLog'
  >
>;

const LOGOS = 'https://breach-lookup.example/Content/Images/PwnedLogos';

function breach(
  Name: string,
  Title: string,
  Domain: string,
  dates: { breach: string; added: string; modified?: string },
  PwnCount: number,
  Description: string,
  DataClasses: string[],
  flags: Flags = {},
): Breach {
  return {
    Name,
    Title,
    Domain,
    BreachDate: dates.breach,
    AddedDate: dates.added,
    ModifiedDate: dates.modified ?? dates.added,
    PwnCount,
    Description,
    LogoPath: `${LOGOS}/${Name}.png`,
    // The seed: data classes are alphabetically ordered.
    DataClasses: [...DataClasses].sort((a, b) => a.localeCompare(b)),
    IsVerified: flags.IsVerified ?? true,
    IsFabricated: flags.IsFabricated ?? false,
    IsSensitive: flags.IsSensitive ?? false,
    IsRetired: flags.IsRetired ?? false,
    IsSpamList: flags.IsSpamList ?? false,
    IsMalware: flags.IsMalware ?? false,
    IsSubscriptionFree: flags.IsSubscriptionFree ?? false,
    IsStealerLog: flags.IsStealerLog ?? false,
  };
}

/** Breaches already in the system when the sandbox starts. */
export const BREACHES: Breach[] = [
  breach(
    'Adobe',
    'Adobe',
    'adobe.com',
    { breach: '2013-10-04', added: '2013-12-04T00:00Z' },
    152445165,
    'In October 2013, 153 million Adobe accounts were breached with each containing an internal ID, username, email, <em>encrypted</em> password and a password hint in plain text. The password cryptography was poorly done and <a href="https://breach-lookup.example/adobe" target="_blank" rel="noopener">many were quickly resolved back to plain text</a>. The unencrypted hints also <a href="https://breach-lookup.example/hints" target="_blank" rel="noopener">disclosed much about the passwords</a> adding further to the risk that hundreds of millions of Adobe customers already faced.',
    ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
  ),
  // Its Name sorts last and its Title first: collections are sorted by Title, not by Name.
  breach(
    'ZuluGames',
    'Aardvark Games',
    'aardvarkgames.example',
    { breach: '2019-02-11', added: '2019-05-20T09:15Z', modified: '2020-01-03T10:00Z' },
    1204519,
    'In February 2019, the game portal &quot;Aardvark Games&quot; (formerly Zulu Games) was breached. The data included email addresses, usernames and <strong>salted SHA-1</strong> password hashes.',
    ['Usernames', 'Email addresses', 'Passwords'],
  ),
  breach(
    'NimbusForum',
    'Nimbus Forum',
    'nimbusforum.example',
    { breach: '2021-07-01', added: '2021-09-14T16:42Z' },
    48211,
    'In mid-2021, data allegedly taken from the Nimbus Forum was posted to a hacking forum. It could not be verified that the data came from the forum &#8212; treat it as <em>unverified</em>.',
    ['Email addresses', 'IP addresses', 'Usernames'],
    { IsVerified: false },
  ),
  breach(
    'LoveBirds',
    'Love Birds',
    'lovebirds.example',
    { breach: '2017-03-08', added: '2017-04-02T12:00Z' },
    310000,
    'In March 2017, the dating site Love Birds was breached. Because of the nature of the site, this breach is flagged <strong>sensitive</strong>: its accounts are not returned by the public search.',
    ['Dates of birth', 'Email addresses', 'Genders', 'Passwords', 'Sexual orientations'],
    { IsSensitive: true },
  ),
  breach(
    'OldArcade',
    'Old Arcade',
    'oldarcade.example',
    { breach: '2012-06-30', added: '2014-01-10T08:00Z', modified: '2023-05-01T00:00Z' },
    90210,
    'Data of the Old Arcade breach has been permanently removed (retired).',
    ['Email addresses', 'Passwords'],
    { IsRetired: true },
  ),
  breach(
    'MailBlast2019',
    'Mail Blast 2019 Spam List',
    '',
    { breach: '2019-08-01', added: '2019-10-22T07:30Z' },
    2570000,
    'In 2019, a list of millions of email addresses and names used to send targeted spam was found exposed. The data did not come from a security compromise: it is a <em>spam list</em>.',
    ['Email addresses', 'Names', 'Physical addresses'],
    { IsSpamList: true },
  ),
  breach(
    'FakeBank',
    'Fake Bank Customers',
    'fakebank.example',
    { breach: '2020-11-11', added: '2021-01-05T14:20Z' },
    75000,
    'A list claiming to be customers of Fake Bank circulated in 2020. It is very unlikely the data came from the bank: the breach is considered <strong>fabricated</strong>.',
    ['Email addresses', 'Names', 'Phone numbers'],
    { IsFabricated: true, IsVerified: false },
  ),
  breach(
    'KeyHarvest',
    'KeyHarvest Malware',
    '',
    { breach: '2022-04-15', added: '2022-06-01T11:11Z' },
    512000,
    'The KeyHarvest botnet captured credentials typed on infected machines. The data was sourced from <em>malware</em>.',
    ['Email addresses', 'IP addresses', 'Passwords'],
    { IsMalware: true },
  ),
  breach(
    'StealerLogs2025',
    'Stealer Logs, January 2025',
    '',
    { breach: '2025-01-12', added: '2025-02-03T09:00Z', modified: '2025-02-04T10:30Z' },
    23000000,
    'In January 2025, logs of info-stealing malware were found on a public channel. Each record holds the website an address was used on; search them with the stealer-log APIs.',
    ['Email addresses', 'Passwords', 'Website URLs'],
    { IsMalware: true, IsStealerLog: true },
  ),
  breach(
    'FreeLunch',
    'Free Lunch Forum',
    'freelunch.example',
    { breach: '2016-09-09', added: '2016-12-12T18:00Z' },
    12000,
    'In 2016, the Free Lunch Forum was breached. This breach is <strong>subscription free</strong>: a domain search shows it even when the subscription is too small for the domain.',
    ['Email addresses', 'Usernames'],
    { IsSubscriptionFree: true },
  ),
  breach(
    'OfficeSuite',
    'Office Suite Online',
    'officesuite.example',
    { breach: '2023-03-03', added: '2023-04-18T13:37Z' },
    880000,
    'In March 2023, the Office Suite Online service was breached, exposing staff accounts of many companies.',
    ['Email addresses', 'Job titles', 'Names', 'Passwords'],
  ),
];

/**
 * Breaches the sandbox adds as its clock passes these many seconds after start (or reset), so that
 * `breach latest --watch` has something to see: tests advance the clock instead of waiting.
 */
export const UPCOMING: Array<{ afterSeconds: number; breach: Omit<Breach, 'AddedDate' | 'ModifiedDate'> }> = [
  {
    afterSeconds: 120,
    breach: withoutDates(
      breach(
        'NewsletterHub',
        'Newsletter Hub',
        'newsletterhub.example',
        { breach: '2025-12-01', added: '' },
        64000,
        'The mailing service Newsletter Hub exposed its subscriber list in a misconfigured bucket.',
        ['Email addresses', 'Names'],
      ),
    ),
  },
  {
    afterSeconds: 3600,
    breach: withoutDates(
      breach(
        'ParcelTrack',
        'Parcel Track',
        'parceltrack.example',
        { breach: '2026-01-15', added: '' },
        210000,
        'Parcel Track customer data was breached.',
        ['Email addresses', 'Phone numbers', 'Physical addresses'],
      ),
    ),
  },
  {
    afterSeconds: 86400,
    breach: withoutDates(
      breach(
        'CloudNotes',
        'Cloud Notes',
        'cloudnotes.example',
        { breach: '2026-02-20', added: '' },
        41000,
        'Cloud Notes accounts were breached.',
        ['Email addresses', 'Passwords'],
      ),
    ),
  },
];

function withoutDates(b: Breach): Omit<Breach, 'AddedDate' | 'ModifiedDate'> {
  const { AddedDate: _a, ModifiedDate: _m, ...rest } = b;
  return rest;
}

/** Account (lower case) → names of the breaches it is in. */
export const ACCOUNTS: Record<string, string[]> = {
  'test@example.com': [
    'Adobe',
    'ZuluGames',
    'NimbusForum',
    'LoveBirds',
    'OldArcade',
    'MailBlast2019',
    'FreeLunch',
  ],
  'jane@example.com': ['Adobe', 'KeyHarvest', 'StealerLogs2025'],
  'secret@example.com': ['LoveBirds'],
  'gone@example.com': ['OldArcade'],
  'news@example.com': ['NewsletterHub'],
  'john.doe@example.org': ['Adobe', 'OfficeSuite'],
  'spam.only@example.org': ['MailBlast2019'],
  fabio: ['FakeBank'],
  'ceo@example.net': ['FreeLunch', 'OfficeSuite'],
  'cfo@example.net': ['FreeLunch'],
  // A domain bigger than the smallest subscription's domain search (see SUBSCRIPTIONS).
  ...Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [
      `staff${String(i + 1).padStart(2, '0')}@example.net`,
      ['OfficeSuite'],
    ]),
  ),
};

/**
 * Stealer-log records as captured: an email address and the URL it was used on. Only the website
 * domain is stored; a record whose URL has no parseable website domain yields nothing.
 */
export const STEALER_RECORDS: Array<{ email: string; url: string }> = [
  { email: 'jane@example.com', url: 'https://www.streamflix.example/login' },
  { email: 'jane@example.com', url: 'https://example.org/account/signin' },
  { email: 'andy@example.com', url: 'https://streamflix.example/' },
  { email: 'bob@other.example', url: 'https://example.org/login?next=/' },
  { email: 'carol@example.com', url: 'android://Zm9vYmFy@com.example.app/' },
  { email: 'dave@example.net', url: 'https://shop.example.net/checkout' },
];

export interface Subscription {
  SubscriptionName: string;
  Description: string;
  tier: number;
  Rpm: number;
  DomainSearchMaxBreachedAccounts: number;
  /** Domains verified on this key's domain dashboard. */
  domains: Array<{ DomainName: string; searchedCount?: { all: number; noSpam: number } }>;
}

/** The fifth tier (the sandbox key of the service table, src/services.ts) and the first. */
export const TIER5: Subscription = {
  SubscriptionName: 'Pwned 5',
  Description: 'The fifth subscription tier: 1,000 requests per minute and stealer logs.',
  tier: 5,
  Rpm: 1000,
  DomainSearchMaxBreachedAccounts: 2_000_000,
  domains: [
    { DomainName: 'example.com' },
    { DomainName: 'example.org', searchedCount: { all: 2, noSpam: 1 } },
    // Verified, with no breached address: its search answers 404.
    { DomainName: 'quiet.example' },
  ],
};

export const TIER1_KEY = 'sandbox-breach-key-tier1';

export const TIER1: Subscription = {
  SubscriptionName: 'Pwned 1',
  Description: 'The first subscription tier: 10 requests per minute, small domains, no stealer logs.',
  tier: 1,
  Rpm: 10,
  DomainSearchMaxBreachedAccounts: 25,
  domains: [{ DomainName: 'example.net' }],
};
