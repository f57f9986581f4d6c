/**
 * The bindings @hono/node-server hands `app.request` for a request from `address` (what getConnInfo reads). A module
 * of its own, below helpers.ts and auth-client.ts, which both use it.
 */
export const fromPeer = (address: string) => ({
  incoming: {
    socket: { remoteAddress: address, remotePort: 50000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' },
  },
});
