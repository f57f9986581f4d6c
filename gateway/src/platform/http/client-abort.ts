import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * nginx's status for a client that closed the connection before it was answered. No client ever receives it: it is
 * what logs and `/metrics` count such a request as, so a dropped upload or a closed tab is not a server error.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether the client went away before the answer went out: it dropped the connection mid-body, or while the handler
 * worked. Read from the Node request and response @hono/node-server hands the app; a request made in-process (tests,
 * pages reading the API) has no connection to lose. Once the headers are out the answer's status stands, as in
 * nginx: a download cut short is still a 200 that was sent.
 */
export function clientClosed(c: Context): boolean {
  const { incoming, outgoing } = (c.env ?? {}) as { incoming?: Partial<IncomingMessage>; outgoing?: ServerResponse };
  if (!outgoing || typeof outgoing.headersSent !== 'boolean' || outgoing.headersSent) return false;
  return outgoing.destroyed || incoming?.errored != null || (incoming?.destroyed === true && !incoming.complete);
}

/** The status logs and metrics record for a request: the answer's, or 499 when the client left before it. */
export const answeredStatus = (c: Context): number => (clientClosed(c) ? CLIENT_CLOSED_REQUEST : c.res.status);
