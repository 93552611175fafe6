/** Wire shapes of the usage-metering API (seed 000 B, vendor spec slice in shared/specs/meter.openapi.json). */

/** POST /v2/billing/meter_event_session answers this. */
export interface MeterEventSessionWire {
  id: string;
  object: 'v2.billing.meter_event_session';
  authentication_token: string;
  /** ISO 8601, millisecond precision, UTC. */
  created: string;
  /** 15 minutes after `created`. */
  expires_at: string;
  /** A vendor doc sample shows the string "false"; the schema says boolean (doc1-gaps §B.2). */
  livemode: boolean | string;
}

/** One element of `events` of POST /v2/billing/meter_event_stream. */
export interface MeterEventWire {
  event_name: string;
  /** String → string; the customer is `billing_customer_id`, the quantity `value` (a number as a string). */
  payload: Record<string, string>;
  /** Unique within 24 hours; the service generates one when it is absent. */
  identifier?: string;
  /** ISO 8601; within the past 35 days or at most 5 minutes ahead; the service defaults it to now. */
  timestamp?: string;
}

export interface MeterEventStreamRequestWire {
  events: MeterEventWire[];
}

/** Every v2 error body. */
export interface V2ErrorWire {
  error: {
    code: string;
    message: string;
    type?: string;
    doc_url?: string;
    user_message?: string;
  };
}
