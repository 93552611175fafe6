/**
 * The flags of `ops meter` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--api-version':
    'send, session create: Billing-Version header, <yyyy-mm-dd>.preview (env OPS_METER_API_VERSION)',
  '--batch-size': 'send: events per request, at most 100 (default 100)',
  '--checkpoint': 'send: record confirmed lines here; a rerun with it skips them',
  '--concurrency': 'send: requests in flight (default 8)',
  '--customer': 'send: one event: the billing_customer_id',
  '--event-name': 'send: one event: its event_name',
  '--format': 'send: input format (default from the extension; stdin: ndjson)',
  '--identifier': 'send: one event: its unique identifier (default generated)',
  '--rejects': 'send: write every rejected line (NDJSON: line, reason, input) to this file',
  '--search': 'catalogue: only kinds whose name or description contains this text',
  '--shard':
    'send: take only shard K of N of the input lines (lines whose number modulo N is K-1), to split one input across machines; auto reads it from the job system running the copies (env OPS_SHARD)',
  '--strict': 'send: stop at the first invalid line instead of reporting it and going on',
  '--timestamp': 'send: one event: epoch seconds, ISO time or -5m (default now)',
  '--value': 'send: one event: the quantity',
};
