import { wireFields } from '../wire-fields.js';

/**
 * The other resource kinds of the billing platform that seed 000 B names (each is only named there:
 * fields and operations are "not shown"). The descriptions are one line each, in our own words; the
 * notes in parentheses are the seed's. `ops api meter` calls any of them.
 */
export interface CatalogueEntry {
  kind: string;
  description: string;
}

/** The catalogue's columns, for `ops meter catalogue --json a,b`. */
export const CATALOGUE_FIELDS = wireFields<CatalogueEntry>({ kind: true, description: true });

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    kind: 'meter event summary',
    description:
      'Eventually consistent aggregate of the usage reported for a meter and customer over a period',
  },
  {
    kind: 'credit balance',
    description: "A customer's remaining billing credits, by currency and applicability",
  },
  { kind: 'credit balance transaction', description: 'A credit or debit against a credit grant' },
  { kind: 'plan', description: 'A recurring price of a product (replaced by prices)' },
  {
    kind: 'quote',
    description:
      'A priced offer to a customer; on acceptance creates an invoice, subscription or subscription schedule',
  },
  { kind: 'subscription item', description: 'One price and quantity inside a subscription' },
  {
    kind: 'test clock',
    description: 'Frozen test time that can be advanced to simulate billing (test mode only)',
  },
  { kind: 'financing offer', description: 'An offer of financing made to a connected account' },
  { kind: 'financing summary', description: 'The state of the financing of a connected account' },
  {
    kind: 'account',
    description:
      'A connected account; its properties depend on controller.requirement_collection (application or platform collection)',
  },
  {
    kind: 'account session',
    description: 'A single-use, short-lived session that gives embedded components access to an account',
  },
  { kind: 'application fee', description: 'A fee the platform takes from a charge on a connected account' },
  { kind: 'application fee refund', description: 'A refund of all or part of an application fee' },
  {
    kind: 'capability',
    description: 'A feature a connected account may use (card payments, transfers…) and its status',
  },
  {
    kind: 'country spec',
    description:
      'What the platform supports in one country: currencies, payment methods, verification fields',
  },
  {
    kind: 'external bank account',
    description: 'A bank account attached to a connected account for payouts',
  },
  { kind: 'external account card', description: 'A debit card attached to a connected account for payouts' },
  {
    kind: 'person',
    description: 'Someone associated with a connected account (owner, director, representative)',
  },
  { kind: 'top-up', description: 'Money added to the platform balance from a bank account' },
  { kind: 'transfer', description: 'Money moved from the platform balance to a connected account' },
  {
    kind: 'transfer reversal',
    description: 'Money taken back from a connected account, reversing a transfer',
  },
  {
    kind: 'app secret store secret',
    description: 'A secret kept for an installed app, in scope account or user',
  },
  {
    kind: 'early fraud warning',
    description: 'A warning from the card issuer that a charge may be fraudulent',
  },
  { kind: 'review', description: 'A payment held for manual fraud review' },
  {
    kind: 'value list',
    description: 'A named list of values (emails, card fingerprints…) used by fraud rules',
  },
  { kind: 'value list item', description: 'One value in a value list' },
  { kind: 'cardholder', description: 'A person or company to whom issued cards belong' },
  { kind: 'issuing dispute', description: 'A dispute raised on a transaction of an issued card' },
  { kind: 'funding instructions', description: 'Bank details with which a balance can be funded' },
  {
    kind: 'physical bundle',
    description: 'A design bundle (card stock, carrier, envelope) for printed issued cards',
  },
  { kind: 'issuing token', description: 'A wallet token of an issued card (mobile wallets, merchants)' },
  { kind: 'connection token', description: 'A short-lived token that lets a point-of-sale reader connect' },
  { kind: 'terminal hardware product', description: 'A point-of-sale device model that can be ordered' },
  { kind: 'terminal hardware SKU', description: 'An orderable variant of a terminal hardware product' },
  { kind: 'terminal hardware shipping', description: 'A shipping method for a terminal hardware order' },
  {
    kind: 'terminal configuration',
    description: 'Settings applied to point-of-sale readers (tipping, splash screen, offline mode)',
  },
  { kind: 'financial account', description: 'A stored-value account that holds funds and moves money' },
  {
    kind: 'financial account feature',
    description: 'A capability turned on for a financial account (deposits, outbound transfers…)',
  },
  { kind: 'transaction entry', description: 'One change to the balance of a financial account' },
  {
    kind: 'outbound transfer',
    description: 'Money sent from a financial account to an account of the same owner',
  },
  { kind: 'received credit', description: 'Money that arrived in a financial account' },
  { kind: 'received debit', description: 'Money pulled from a financial account by an outside party' },
  { kind: 'credit reversal', description: 'The return of a received credit' },
  { kind: 'debit reversal', description: 'The return of a received debit' },
  { kind: 'feature', description: 'A capability of a product that a customer may be entitled to' },
  { kind: 'product feature', description: 'The link between a product and a feature it grants' },
  {
    kind: 'active entitlement',
    description: 'A feature a customer has access to now, through a subscription',
  },
  {
    kind: 'scheduled query run',
    description: 'One run of a scheduled analytics query; emits analytics.scheduled_query_run.created',
  },
  { kind: 'ad-hoc query run', description: 'One run of an analytics query started on demand' },
  { kind: 'report run', description: 'One generation of a financial report, with its result file' },
  { kind: 'report type', description: 'A kind of financial report and the data range it covers' },
  { kind: 'account owner', description: 'An owner of a bank account linked through financial connections' },
  { kind: 'financial connections session', description: 'A session in which a customer links bank accounts' },
  { kind: 'financial connections transaction', description: 'A transaction read from a linked bank account' },
  { kind: 'tax calculation', description: 'Tax computed for a prospective sale' },
  { kind: 'tax registration', description: 'A registration to collect tax in a jurisdiction' },
  { kind: 'tax settings', description: 'Default tax behaviour and origin address of an account' },
  { kind: 'verification session', description: 'An identity verification flow for a user' },
  { kind: 'verification report', description: 'The result of the checks of a verification session' },
  { kind: 'crypto onramp session', description: 'A session in which a user buys crypto currency' },
  { kind: 'onramp quote', description: 'Current prices and fees of a crypto onramp' },
  { kind: 'climate order', description: 'An order of carbon removal' },
  { kind: 'climate product', description: 'A carbon removal offering with its price per metric ton' },
  {
    kind: 'forwarding request',
    description: 'A card data request forwarded to a third party (redacted copy retained 30 days)',
  },
  { kind: 'redaction job', description: 'A job that redacts personal data from objects' },
  {
    kind: 'redaction job validation error',
    description: 'An object that a redaction job could not redact, and why',
  },
  {
    kind: 'webhook endpoint',
    description: 'A URL that receives events of the platform; configurable through the API',
  },
];
