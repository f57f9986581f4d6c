import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '../../platform/db';
import { eraseEverywhere } from './erase';
import { MENTION_SCAN_ROWS, outboxOf } from './held';
import { setupApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  t = await setupApp({ LOG_LEVEL: 'error' });
});
afterAll(() => t.cleanup());

const team = (text: string) => ({ channel: 'email' as const, to: 'team@agency.test', subject: 'New enquiry', text });

it('finds every e-mail to or about an address, in any case and with LIKE wildcards in it, range by range', async () => {
  const address = 'tui_ngata@example.nz';
  // Two and a half ranges of other mail, with the person's e-mails in the first, second and third.
  const filler = Array.from({ length: MENTION_SCAN_ROWS * 2.5 }, (_, i) => team(`Enquiry ${i} from someone else`));
  const found: number[] = [];
  for (let i = 0; i < filler.length; i += 1000) {
    if (i === 3000)
      found.push(
        ...(await insert({ channel: 'email', to: 'Tui_Ngata@Example.NZ', subject: 'Your quote', text: 'Attached.' })),
      );
    if (i === MENTION_SCAN_ROWS + 5000) found.push(...(await insert(team(`From ${address}: call me back`))));
    if (i === MENTION_SCAN_ROWS * 2 + 1000) found.push(...(await insert(team('From TUI_NGATA@EXAMPLE.NZ'))));
    await t.db.insert(outbox).values(filler.slice(i, i + 1000));
  }
  // `_` is a wildcard to LIKE: an address one character off is someone else.
  const [decoy] = await insert(team('From tuixngata@example.nz'));

  const { ids } = await outboxOf(t.db, address);
  expect(ids.sort((a, b) => a - b)).toEqual(found);

  const erased = await eraseEverywhere(
    t.db,
    t.stores.files,
    address,
    { id: null, name: 'test' },
    { type: 'test' },
    async () => {},
  );
  expect(erased.emails).toBe(3);
  expect(await t.db.$count(outbox, sql`${outbox.id} in (${sql.join(found, sql`, `)})`)).toBe(0);
  expect(await t.db.$count(outbox, sql`${outbox.id} = ${decoy}`)).toBe(1);
  expect(await t.db.$count(outbox)).toBe(filler.length + 1);
});

async function insert(row: { channel: 'email'; to: string; subject: string; text: string }) {
  return (await t.db.insert(outbox).values(row).returning({ id: outbox.id })).map((r) => r.id);
}
