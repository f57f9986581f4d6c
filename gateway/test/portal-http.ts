import { request } from 'node:http';

/**
 * A JSON POST over real HTTP to a gateway listening at `origin`, asked for as the portal (decision 0077: the account
 * API answers only on the portal's host, which a loopback address is not).
 */
export function portalPost(origin: string, path: string, body: unknown, cookie = '') {
  const url = new URL(path, origin);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; json: Record<string, unknown> & { errors?: Record<string, string> } }>(
    (resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            host: `portal.localhost:${url.port}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...(cookie ? { cookie } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
}
