import type { MeterClient } from '../../../clients/meter/client.js';
import { MeterEventSender } from '../../../clients/meter/sender.js';
import type { MeterEventWire } from '../../../clients/meter/types.js';
import { UsageError } from '../../../errors.js';
import type { Column, Printer } from '../../../output/printer.js';
import { type EventFields, toWireEvent } from './event.js';

const COLUMNS: Column<MeterEventWire>[] = [
  { header: 'identifier', get: (e) => e.identifier },
  { header: 'event name', get: (e) => e.event_name },
  { header: 'customer', get: (e) => e.payload.billing_customer_id },
  { header: 'value', get: (e) => e.payload.value },
  { header: 'timestamp', get: (e) => e.timestamp, format: 'relative' },
];

/**
 * One event from flags: checked before any request (a bad value is exit 2), sent under a new
 * session, and printed as sent (the service answers `{}`; the identifier is what a caller keeps).
 */
export async function sendOne(o: {
  printer: Printer;
  client: () => Promise<MeterClient>;
  event: EventFields;
  now?: () => number;
}): Promise<void> {
  const event = toWireEvent(o.event, 0, (o.now ?? Date.now)());
  if (typeof event === 'string')
    throw new UsageError(`invalid event: ${event}`, 'fix the flag it names; see ops meter send --help');
  const sender = new MeterEventSender(await o.client());
  await sender.send([event]);
  await o.printer.print(event, { columns: COLUMNS });
}
