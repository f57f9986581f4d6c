import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gatewayCli, type RunningGateway } from '@agency/gateway/testing';

const run = promisify(execFile);
const PASSWORD = 'Kahikatea#2025';

/** Creates the master admin with the operator's CLI and signs in as them: the cookie header of the session. */
export async function signInOwner(gateway: RunningGateway): Promise<string> {
  await run(process.execPath, [gatewayCli('create-admin')], {
    env: { ...gateway.env, ADMIN_USERNAME: 'bench-owner', ADMIN_EMAIL: 'owner@example.nz', ADMIN_PASSWORD: PASSWORD },
  });
  const res = await fetch(`${gateway.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.url },
    body: JSON.stringify({ username: 'bench-owner', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`signing in as the owner answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
