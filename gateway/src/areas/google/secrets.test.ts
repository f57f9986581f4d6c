import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECORDED } from '../../../testing/google-stand-in';
import { createLogger } from '../../platform/logger';
import { googleKit, type Account, type Kit } from './google-test-kit';

// Decision 0093: a refresh token never leaves the gateway, in an answer or a log line, whatever Google answers.

const lines: string[] = [];
let k: Kit;
let staff: Account;
beforeAll(async () => {
  k = await googleKit(
    {},
    createLogger('debug', (line) => lines.push(line)),
  );
  staff = await k.account('admin');
});
afterAll(() => k.cleanup());

it('never answers or logs a refresh token or a code, through every call and failure', async () => {
  const answers: string[] = [];
  const codes: string[] = [];
  const keep = (res: { text: string }) => answers.push(res.text);

  const client = await k.account('client');
  const first = await k.connect(staff, client.id);
  codes.push(first.body.code!);
  keep(first.answer);
  // Connecting again: the old grant is revoked, and the revoke fails on Google's side (logged).
  k.standIn.fail('revoke', RECORDED.backendError, 10);
  const second = await k.connect(staff, client.id);
  k.standIn.clearFailures('revoke');
  codes.push(second.body.code!);
  keep(second.answer);
  // A code Google refuses (logged), then one used twice.
  const again = await staff.b.post('/api/admin/google/callback', second.body);
  keep(again);
  keep(await staff.b.get(`/api/admin/clients/${client.id}/google`));
  keep(await staff.b.get(`/api/admin/clients/${client.id}/google/sources`));
  keep(
    await staff.b.put(`/api/admin/clients/${client.id}/google/sources`, {
      ga4Property: 'properties/312000111',
      searchConsoleSite: null,
    }),
  );
  k.standIn.fail('sites', RECORDED.backendError);
  keep(await staff.b.get(`/api/admin/clients/${client.id}/google/sources`));
  k.standIn.fail('token', RECORDED.invalidGrant);
  keep(await staff.b.get(`/api/admin/clients/${client.id}/google/sources`));
  const other = await k.account('client');
  const third = await k.connect(staff, other.id);
  codes.push(third.body.code!);
  k.standIn.fail('revoke', RECORDED.backendError, 10);
  keep(await staff.b.del(`/api/admin/clients/${other.id}/google`));
  k.standIn.clearFailures('revoke');

  expect(lines.some((l) => l.includes('google:'))).toBe(true);
  expect(k.standIn.grants.length).toBe(3);
  for (const secret of [...k.standIn.grants.map((g) => g.refreshToken), ...codes]) {
    for (const text of [...answers, ...lines]) expect(text).not.toContain(secret);
    expect(secret.length).toBeGreaterThan(10);
  }
});
