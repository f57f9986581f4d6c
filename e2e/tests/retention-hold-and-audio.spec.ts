import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { expect, test, toast, untilHydrated } from '../support/fixtures';
import { testToneWav } from '../support/test-tone';
import { seedDemo, signInDemoAdmin } from '../support/suite-gateway';
const YEAR = 365 * 24 * 3_600_000;
const LONG_AGO = Date.UTC(2001, 0, 1);

test('a lead held from its screen keeps it out of the next retention run', async ({ page, suite, dashboardAs }) => {
  const business = `Kept Holdings ${Date.now()}`;
  // A lead from 2001, past the two-year retention: the next run would erase it. The preview lists the oldest 50 of
  // each kind, and another file run by this worker stores thousands from 2020: this one is older than all of them.
  await suite.query(
    `INSERT INTO contact_inquiries (businessName, contactName, contactEmail, createdAt, followUpBy, followedUpAt)
     VALUES (?, 'Rawiri', 'rawiri.kept@example.nz', ?, ?, ?)`,
    [business, LONG_AGO, LONG_AGO + 3_600_000, LONG_AGO + 1_800_000],
  );
  const [lead] = await suite.query<{ id: number }>('SELECT id FROM contact_inquiries WHERE businessName = ?', [
    business,
  ]);
  const id = lead!.id;
  const dueLine = new RegExp(`^enquiry #${id},`);

  await dashboardAs('demo-admin');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  await tabs.getByRole('tab', { name: 'Privacy' }).click();
  const nextRun = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Next retention run' }) });
  await expect(nextRun.getByText(dueLine)).toBeVisible();

  await tabs.getByRole('tab', { name: 'Leads' }).click();
  await page.getByLabel('Search leads').fill(business);
  const row = page.getByRole('listitem').filter({ hasText: business });
  await row.getByRole('button', { name: new RegExp(business) }).click();
  const hold = row.getByLabel(`Retention hold of lead #${id}`, { exact: true });
  await expect(hold.getByRole('button', { name: 'Hold' })).toBeDisabled();
  await hold.getByLabel('Why keep this lead past two years').fill('Disputed invoice, keep until it is settled.');
  await hold.getByRole('button', { name: 'Hold' }).click();
  await expect(toast(page, `Lead #${id} is kept past the two-year retention.`)).toBeVisible();
  await expect(hold).toContainText('Kept past the two-year retention since');
  await expect(hold).toContainText('Disputed invoice, keep until it is settled.');
  await expect(hold.getByRole('button', { name: 'Lift the hold' })).toBeVisible();

  // Stored and audited, with the reason and who held it.
  expect(
    await suite.query('SELECT reason FROM retention_holds WHERE leadType = ? AND leadId = ?', ['enquiry', id]),
  ).toEqual([{ reason: 'Disputed invoice, keep until it is settled.' }]);
  expect(await suite.query('SELECT actor, action FROM data_audit WHERE subject = ?', [`enquiry #${id}`])).toEqual([
    { actor: 'demo-admin', action: 'hold' },
  ]);

  // The preview no longer lists it among what the next run erases, and lists it as held.
  await tabs.getByRole('tab', { name: 'Privacy' }).click();
  await expect(nextRun.getByText(`enquiry #${id}: Disputed invoice, keep until it is settled.`)).toBeVisible();
  await expect(nextRun.getByText(dueLine)).toHaveCount(0);
});

test('a closed client due for erasure is held from the Privacy tab', async ({ page, suite, dashboardAs }) => {
  const username = `formerclient${Date.now()}`;
  // Closed eight years ago: past the seven years, so the next run would erase the account and all it holds.
  await suite.query(`INSERT INTO users (username, email, password, role, disabledAt) VALUES (?, ?, 'x', 'client', ?)`, [
    username,
    `${username}@example.nz`,
    Date.now() - 8 * YEAR,
  ]);
  const [client] = await suite.query<{ id: number }>('SELECT id FROM users WHERE username = ?', [username]);
  const id = client!.id;

  await dashboardAs('demo-admin');
  await page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name: 'Privacy' }).click();
  const due = page.getByRole('listitem', { name: `Client account ${username}` });
  await expect(due).toContainText(`${username}@example.nz`);
  await due.getByLabel(`Why keep ${username}'s records`).fill('Tax records under review by IRD.');
  await due.getByRole('button', { name: 'Hold' }).click();
  await expect(toast(page, `${username}'s records are kept past the seven years.`)).toBeVisible();
  await expect(due).toHaveCount(0);
  await expect(page.getByText(`${username}: Tax records under review by IRD.`)).toBeVisible();
  expect(await suite.query('SELECT reason FROM client_holds WHERE clientId = ?', [id])).toEqual([
    { reason: 'Tax records under review by IRD.' },
  ]);
  expect(
    await suite.query('SELECT actor, action FROM data_audit WHERE subject = ?', [`client account #${id}`]),
  ).toEqual([{ actor: 'demo-admin', action: 'hold' }]);
});

test.describe('the Real Talk audio uploaded in the Content tab', () => {
  let gateway: RunningGateway;
  let adminKey = '';

  // A gateway of its own without REAL_TALK_AUDIO_URL (the suite's points at a file), so the upload is what plays.
  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    gateway = await startGateway();
    // This gateway's demo admin has its own authenticator-app key (decision 0061), printed by seed-demo.
    adminKey = await seedDemo(gateway);
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('plays on /real-talk-thank-you once staff upload it', async ({ page }) => {
    // Before: the thank-you page says the audio follows by e-mail, with no player.
    await page.goto(`${gateway.url}/real-talk-thank-you`);
    await expect(page.getByText(/The audio is on its way to your inbox/)).toBeVisible();
    await expect(page.locator('audio')).toHaveCount(0);

    await signInDemoAdmin(page.request, gateway.portalUrl, adminKey);
    await page.goto(`${gateway.portalUrl}/dashboard`);
    await page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name: 'Content' }).click();
    const section = page.getByRole('region', { name: 'Real Talk audio' });
    await expect(section.getByText(/No audio yet/)).toBeVisible();

    // Someone signed up while there was no audio: the upload will e-mail them, so it is asked about first.
    const signedUp = await page.request.post(`${gateway.url}/api/opt-in`, {
      data: { firstName: 'Aroha', email: 'aroha.waiting@example.nz' },
      headers: { origin: gateway.url },
    });
    expect(signedUp.status()).toBe(201);
    await page.reload();
    await page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name: 'Content' }).click();
    await expect(section.getByText(/No audio yet/)).toBeVisible();

    // The file input is clicked as a person would, and the tone chosen in the file dialog.
    const choose = async () => {
      const chooser = page.waitForEvent('filechooser');
      await section.getByLabel('Upload the audio').click();
      await (await chooser).setFiles({ name: 'real-talk.wav', mimeType: 'audio/wav', buffer: testToneWav(1) });
    };
    await choose();
    const ask = page.getByRole('alertdialog', { name: 'Upload and e-mail one person?' });
    await expect(ask).toContainText('“real-talk.wav” plays on the thank-you page at once.');
    await expect(ask).toContainText('One person signed up while there was no audio. Each is e-mailed the link now');
    // Cancelled: nothing is sent, nothing plays.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(section.getByText(/No audio yet/)).toBeVisible();
    expect(
      (await (await page.request.get(`${gateway.url}/api/real-talk-audio`)).json()) as { url: string | null },
    ).toEqual({ url: null });

    await choose();
    await ask.getByRole('button', { name: 'Upload and e-mail 1' }).click();
    await expect(toast(page, /1 person who was waiting got the link by e-mail/)).toBeVisible();
    await expect(section.getByLabel('Current Real Talk audio')).toBeVisible();

    await page.goto(`${gateway.url}/real-talk-thank-you`);
    await untilHydrated(page);
    const audio = page.locator('audio');
    await expect(audio).toHaveAttribute('src', /\/real-talk-audio\//);
    await page.getByRole('button', { name: 'Play the audio now' }).click();
    // The browser fetched and decoded it: a one-second tone, played past its start.
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration * 10) / 10)).toBe(1);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime > 0 || a.ended)).toBe(true);
    await expect(page.getByText('The audio will not load right now')).toHaveCount(0);
  });
});
