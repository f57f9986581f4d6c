import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { SMTPServer } from 'smtp-server';
import { expect, test, toast, untilHydrated } from '../support/fixtures';
import { seedDemo, signInDemoAdmin } from '../support/suite-gateway';

/** No element of the page reaches past the viewport's right edge. */
async function widest(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('readable lead screens', () => {
  for (const width of [1280, 375]) {
    test(`a quote's detail is labelled, in NZ time and NZD, with no horizontal overflow at ${width} px`, async ({
      page,
      suite,
      dashboardAs,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const business = `Te Awamutu Long Name Holdings ${Date.now()}`;
      // A quote as stored, with a long unbroken note as people paste them and pricing data that once stretched the
      // page to 3,442 px.
      await suite.query(
        `INSERT INTO quotes (source, businessName, contactName, contactEmail, services, additionalNotes, pricingDetails,
           totalSetupCost, totalMonthlyCost, finalSetupCost, finalMonthlyCost, followUpBy)
         VALUES ('website', ?, 'Aroha', 'aroha.quote@example.nz', '["seo","Business website (5 pages)"]', ?, ?, 2500, 199,
           2875, 228.85, ?)`,
        [
          business,
          'x'.repeat(400),
          JSON.stringify({ totalOneTime: 2500, long: 'y'.repeat(3000) }),
          Date.now() + 3_600_000,
        ],
      );
      await dashboardAs('demo-admin');
      await page.getByLabel('Lead type').selectOption('quote');
      await page.getByLabel('Search leads').fill(business);
      const row = page.getByRole('listitem').filter({ hasText: business });
      // The row says when the lead came in, in New Zealand time.
      await expect(row.getByText(/^Came in \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/)).toBeVisible();
      await row.getByRole('button', { name: new RegExp(business) }).click();
      await expect(row.getByText('Came in', { exact: true })).toBeVisible();
      await expect(row.getByText('Email', { exact: true })).toBeVisible();
      await expect(row.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible();
      // No database field names or JSON on screen.
      await expect(row.getByText('contactEmail')).toHaveCount(0);
      await expect(row.getByText('pricingDetails')).toHaveCount(0);
      expect(await widest(page)).toBeLessThanOrEqual(0);

      // A call logged on the timeline follows the lead up, with who made it.
      await row.getByLabel('What to add').selectOption('call');
      await row.getByLabel('What happened').fill('Called Aroha about the quote.');
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, /saved on lead/)).toBeVisible();
      await expect(row.getByRole('list', { name: /Timeline of lead/ })).toContainText('Called Aroha about the quote.');
      await expect(row.getByRole('list', { name: /Timeline of lead/ })).toContainText('demo-admin');
      expect(await widest(page)).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('privacy requests', () => {
  let smtp: SMTPServer;
  const mails: { to: string[]; raw: string }[] = [];
  let gateway: RunningGateway;
  let adminKey = '';

  test.beforeAll(async () => {
    // A hang guard: a gateway of its own (publish, migrations, render processes) takes minutes to start on
    // a busy two-core machine.
    test.setTimeout(300_000);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const { port } = smtp.server.address() as AddressInfo;
    gateway = await startGateway({ SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_EMAIL: 'team@agency.test' });
    // This gateway's demo admin has its own authenticator-app key (decision 0061), printed by seed-demo.
    adminKey = await seedDemo(gateway);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  const flat = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const mailTo = async (to: string, match: RegExp) => {
    await expect.poll(() => mails.some((m) => m.to.includes(to) && match.test(flat(m.raw)))).toBe(true);
    return flat(mails.filter((m) => m.to.includes(to) && match.test(flat(m.raw))).at(-1)!.raw);
  };

  /** A person's request as they make it: the form on /privacy-request, then the e-mailed link, confirmed. */
  async function askAndConfirm(page: Page, email: string, kind: RegExp) {
    await page.goto(`${gateway.url}/privacy-request`);
    await untilHydrated(page);
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByLabel(kind).check();
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('status')).toContainText('We have sent a confirmation link');
    const confirmation = await mailTo(email, /privacy-request\?token=/);
    await page.goto(/(http:\/\/[^\s]+\/privacy-request\?token=[A-Za-z0-9_-]+)/.exec(confirmation)![1]!);
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Confirm my request' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you, your request is confirmed.');
  }

  test('staff e-mail a person their copy from the Privacy tab; the link downloads it with no account', async ({
    page,
    browser,
  }) => {
    const email = `hemi.${Date.now()}@example.nz`;
    const lead = await page.request.post(`${gateway.url}/api/contact-inquiry`, {
      data: { businessName: 'Hemi Joinery', contactName: 'Hemi', contactEmail: email, servicesInterested: ['seo'] },
    });
    expect(lead.status()).toBe(201);
    await askAndConfirm(page, email, /copy of what you hold/i);

    await signInDemoAdmin(page.request, gateway.portalUrl, adminKey);
    await page.goto(`${gateway.portalUrl}/dashboard?tab=privacy`);
    const request = page.getByRole('listitem', { name: /Privacy request #/ }).filter({ hasText: email });
    await expect(request).toContainText('answer by');
    // The button asks first; declining sends nothing.
    page.once('dialog', (d) => void d.dismiss());
    await request.getByRole('button', { name: 'E-mail them their copy' }).click();
    await expect(request.getByRole('button', { name: 'E-mail them their copy' })).toBeEnabled();
    expect(mails.some((m) => m.to.includes(email) && /privacy-copies/.test(flat(m.raw)))).toBe(false);
    page.once('dialog', (d) => {
      expect(d.message()).toContain(email);
      void d.accept();
    });
    await request.getByRole('button', { name: 'E-mail them their copy' }).click();
    await expect(toast(page, `A link to their copy is on its way to ${email}.`)).toBeVisible();
    await expect(request).toContainText(/Copy e-mailed .*; the link works until/);
    await expect(request.getByRole('button', { name: 'E-mail a new link to their copy' })).toBeVisible();

    const copyMail = await mailTo(email, /privacy-copies\//);
    const link = /(http:\/\/[^\s]+\/api\/privacy-copies\/[A-Za-z0-9_-]{43})/.exec(copyMail)![1]!;
    // A copy of someone's data is the portal's to answer (decision 0077): no page running team code can read it.
    expect(link.startsWith(`${gateway.portalUrl}/api/privacy-copies/`), link).toBe(true);
    // The person opens it in their own browser, signed in to nothing.
    const theirs = await browser.newContext({ acceptDownloads: true });
    try {
      const own = await theirs.newPage();
      const download = own.waitForEvent('download');
      await own.goto(link).catch(() => undefined); // a download ends the navigation
      const copy = await download;
      expect(copy.suggestedFilename()).toMatch(/\.zip$/);
      expect(await copy.failure()).toBeNull();
      // A real zip archive, not an error page saved under the name.
      expect((await readFile(await copy.path())).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    } finally {
      await theirs.close();
    }
  });

  test('a person asks, confirms from the e-mailed link; staff export, erase and close; the person is told', async ({
    page,
  }) => {
    const email = `mere.${Date.now()}@example.nz`;
    const lead = await page.request.post(`${gateway.url}/api/contact-inquiry`, {
      data: { businessName: 'Mere Cafe', contactName: 'Mere', contactEmail: email, servicesInterested: ['seo'] },
    });
    expect(lead.status()).toBe(201);

    await page.goto(`${gateway.url}/privacy-policy`);
    await page.getByRole('link', { name: /Ask for a copy, a correction or deletion/ }).click();
    await expect(page.getByRole('heading', { name: 'Your personal information' })).toBeVisible();
    await untilHydrated(page);
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByLabel('Delete what you hold about me').check();
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('status')).toContainText('We have sent a confirmation link');

    const confirmation = await mailTo(email, /privacy-request\?token=/);
    const link = /(http:\/\/[^\s]+\/privacy-request\?token=[A-Za-z0-9_-]+)/.exec(confirmation)![1]!;
    await page.goto(link);
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Confirm my request' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you, your request is confirmed. We will answer by');

    // Staff: sign in, open the Privacy tab, export, erase everywhere, close.
    await signInDemoAdmin(page.request, gateway.portalUrl, adminKey);
    await page.goto(`${gateway.portalUrl}/dashboard?tab=privacy`);
    const request = page.getByRole('listitem', { name: /Privacy request #/ }).filter({ hasText: email });
    await expect(request).toContainText('answer by');
    const download = page.waitForEvent('download');
    await request.getByRole('button', { name: 'Export everything' }).click();
    expect((await download).suggestedFilename()).toMatch(/^privacy-request-\d+\.zip$/);
    page.once('dialog', (d) => void d.accept());
    await request.getByRole('button', { name: 'Erase everywhere' }).click();
    await expect(toast(page, /is erased/)).toBeVisible();
    await request.getByLabel(/What was done for request/).fill('We have deleted everything we held about you.');
    await request.getByRole('button', { name: 'Mark done and tell them' }).click();
    await expect(toast(page, 'The person has been e-mailed.')).toBeVisible();

    const done = await mailTo(email, /is done/);
    expect(done).toContain('We have deleted everything we held about you.');
    const leads = await page.request.get(
      `${gateway.portalUrl}/api/admin/leads?type=all&q=${encodeURIComponent(email)}`,
    );
    expect(((await leads.json()) as { total: number }).total).toBe(0);
  });
});
