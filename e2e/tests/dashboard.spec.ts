import { strFromU8, unzipSync } from 'fflate';
import { formatNzSortable } from '@agency/contracts';
import { parseCsv } from '@agency/gateway/testing';
import { signIn } from '../support/portal';
import { expect, test, toast } from '../support/fixtures';

test.describe('dashboard', () => {
  test('a client sees their own reports as charts and a table, and downloads their file', async ({
    page,
    suite,
    consoleErrors,
    dashboardAs,
  }) => {
    await dashboardAs('demo-client');
    await expect(page.getByRole('heading', { name: /^Last month/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Monthly reports' }).click();
    await expect(page.getByRole('table', { name: 'Monthly reports' }).getByRole('row')).toHaveCount(13);
    // The charts load on their own (recharts is not part of the dashboard's first load), through federation.
    const traffic = page.getByRole('figure', { name: 'Website traffic' });
    await expect(traffic.getByRole('application')).toBeVisible();
    // The loading placeholder holds each chart's place (reports-panel.tsx), so nothing below it jumps.
    expect((await traffic.boundingBox())?.height).toBe(290);
    await page.getByRole('tab', { name: 'Files' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download.*Growth plan 2026\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('Growth plan 2026.pdf');
    // Another client's data is not reachable by changing the id.
    const other = await page.request.get(`${suite.portalUrl}/api/reports?clientId=999999`);
    expect(other.status()).toBe(404);
    expect(consoleErrors).toEqual([]);
  });

  test('on a phone, the report chart names evenly spaced months, the newest among them', async ({
    page,
    dashboardAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await dashboardAs('demo-client');
    await page.getByRole('tab', { name: 'Monthly reports' }).click();
    // The demo client's twelve months of reports (the table's rows under its header).
    await expect(page.getByRole('table', { name: 'Monthly reports' }).getByRole('row')).toHaveCount(13);
    const traffic = page.getByRole('figure', { name: 'Website traffic' });
    await expect(traffic.getByRole('application')).toBeVisible();
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const monthNumber = (label: string) => Number(label.slice(4)) * 12 + MONTHS.indexOf(label.slice(0, 3));
    const labels = (await traffic.locator('.recharts-xAxis-tick-labels text').allTextContents())
      .map((t) => t.trim())
      .filter(Boolean);
    expect(labels.length).toBeGreaterThan(2);
    // The newest month is named, and the named months are the same number of months apart all along.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const newest = new Intl.DateTimeFormat('en-NZ', { month: 'short', year: '2-digit', timeZone: 'UTC' });
    expect(labels.at(-1)).toBe(newest.format(lastMonth));
    const gaps = new Set(labels.slice(1).map((label, i) => monthNumber(label) - monthNumber(labels[i]!)));
    expect([...gaps]).toHaveLength(1);
  });

  test('an admin moves an enquiry to contacted and exports it as CSV a person can read', async ({
    page,
    suite,
    dashboardAs,
  }) => {
    const business = `Hautapu Fencing ${Date.now()}`;
    const comments = '=HYPERLINK("http://x.example"), then a second line\nand "quotes"';
    const lead = await page.request.post('/api/contact-inquiry', {
      data: {
        businessName: business,
        contactName: 'Wiremu',
        contactEmail: 'wiremu@example.nz',
        contactPhone: '+64 21 555 0100',
        servicesInterested: ['seo', 'social_media'],
        comments,
      },
    });
    expect(lead.status()).toBe(201);
    const { id } = (await lead.json()) as { id: number };
    await dashboardAs('demo-admin');
    await page.getByLabel('Search leads').fill(business);
    const row = page.getByRole('listitem').filter({ hasText: business });
    await row.getByRole('combobox').selectOption('contacted');
    await expect(toast(page, `Enquiry #${id} is now Contacted.`)).toBeVisible();
    await page.getByLabel('Filter by status').selectOption('contacted');
    await expect(page.getByRole('listitem').filter({ hasText: business })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^enquiry-leads-.*\.csv$/);
    const bytes = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks));
    // A byte order mark, so Excel reads UTF-8; then the lead screen's labels, one row, each cell in words.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(bytes.toString('utf8'));
    expect(records).toHaveLength(1);
    const cell = Object.fromEntries(header!.map((name, i) => [name, records[0]![i]]));
    const [stored] = await suite.query<{ createdAt: number }>('select createdAt from contact_inquiries where id = ?', [
      id,
    ]);
    expect(cell).toMatchObject({
      'Lead number': String(id),
      Business: business,
      Contact: 'Wiremu',
      Phone: '="+64 21 555 0100"',
      Services: 'SEO Optimization; Social Media Management',
      // A formula is neutralised; its comma, quotes and line break stay in the one cell.
      Comments: `'${comments}`,
      Status: 'Contacted',
      'Came in': formatNzSortable(Number(stored!.createdAt)),
    });
    expect(cell['Came in']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d NZ[DS]T$/);
    expect(header).not.toContain('createdAt');

    // The All view exports every kind, a CSV each (decision 0106): the lead is in the enquiries' one, as above.
    await page.getByLabel('Lead type').selectOption('all');
    await expect(page.getByRole('listitem').filter({ hasText: business })).toBeVisible();
    const allDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const allFile = await allDownload;
    expect(allFile.suggestedFilename()).toMatch(/^all-leads-search-\d{4}-\d\d-\d\d\.zip$/);
    const zip = unzipSync(
      new Uint8Array(await (await allFile.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks))),
    );
    const enquiries = Object.entries(zip).find(([name]) => name.startsWith('enquiry-leads-search-'))!;
    const [allHeader, ...allRecords] = parseCsv(strFromU8(enquiries[1]));
    expect(allHeader).toEqual(header);
    expect(allRecords).toEqual(records);
  });

  test('an admin already running two exports is told so, and exports once one is done', async ({
    page,
    suite,
    dashboardAs,
  }) => {
    const tag = `Held${Date.now()}`;
    // 3,000 enquiries with long comments (about 30 MB of CSV): an export of them is still running while its reader
    // waits. Dated 2020, so they sort below every other test's leads.
    await suite.query(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
       insert into contact_inquiries (businessName, contactName, contactEmail, servicesInterested, comments, createdAt, updatedAt)
       select ? || ' ' || i, 'Held', 'held' || i || '@example.nz', '["seo"]', ? || i, 1577836800000 + i, 1577836800000 + i from n`,
      [tag, 'A long comment about the business and its plans. '.repeat(200)],
    );
    await page.request.post('/api/contact-inquiry', {
      data: {
        businessName: `Solo ${tag}`,
        contactName: 'Ana',
        contactEmail: 'ana@example.nz',
        servicesInterested: ['seo'],
      },
    });
    await dashboardAs('demo-admin');
    // Two exports of this person that are running: each answered, its rows not read yet.
    const held = await page.evaluate(async (q) => {
      const readers = await Promise.all(
        [1, 2].map(async () => {
          const res = await fetch(`/api/admin/leads/export.csv?type=enquiry&q=${q}`, { credentials: 'include' });
          const reader = res.body!.getReader();
          await reader.read();
          return reader;
        }),
      );
      (window as unknown as { held: typeof readers }).held = readers;
      return readers.length;
    }, tag);
    expect(held).toBe(2);

    await page.getByLabel('Search leads').fill(`Solo ${tag}`);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, 'Export failed')).toBeVisible();
    await expect(
      toast(page, /^Only 2 exports can run at once for each person, .*Please wait for one of them to finish/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    // The reader lets one go: the gateway stops it and frees its place.
    await page.evaluate(() => (window as unknown as { held: ReadableStreamDefaultReader[] }).held[0]!.cancel());
    const download = page.waitForEvent('download');
    await expect(async () => {
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await expect(toast(page, 'Export ready')).toBeVisible({ timeout: 2000 });
    }).toPass();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^enquiry-leads-search-\d{4}-\d\d-\d\d\.csv$/);
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
    expect(text).toContain(`Solo ${tag}`);
    expect(text.trim().split('\r\n')).toHaveLength(2);
    await page.evaluate(() => (window as unknown as { held: ReadableStreamDefaultReader[] }).held[1]!.cancel());
  });

  test('a master admin changes a role only after confirming it, cannot touch their own, and sees it audited', async ({
    page,
    suite,
    browser,
  }) => {
    const master = `master${Date.now()}`;
    await suite.cli('create-admin', {
      ADMIN_USERNAME: master,
      ADMIN_EMAIL: `${master}@example.nz`,
      ADMIN_PASSWORD: 'Master#Pass2026',
    });
    const client = `promote${Date.now()}`;
    // The client signs in in a browser of their own, to see their session end when disabled.
    const theirs = await browser.newContext();
    const them = await theirs.newPage();
    await them.goto('/');
    expect(
      (
        await them.request.post(`${suite.portalUrl}/api/register`, {
          data: { username: client, email: `${client}@example.nz`, password: 'Kahikatea#2025' },
        })
      ).status(),
    ).toBe(201);
    // Another client, for the disabling: the first one is made an admin below, and an admin signs in with a second
    // factor (decision 0061).
    const other = `disable${Date.now()}`;
    expect(
      (
        await them.request.post(`${suite.portalUrl}/api/register`, {
          data: { username: other, email: `${other}@example.nz`, password: 'Kahikatea#2025' },
        })
      ).status(),
    ).toBe(201);

    await signIn(page, master, 'Master#Pass2026', { staff: true });
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByLabel(`Role of ${master}`)).toBeDisabled();
    await expect(page.getByRole('button', { name: `Disable ${master}` })).toHaveCount(0);

    // Picking a role asks first; Escape (Cancel) leaves it as it was.
    await page.getByLabel(`Role of ${client}`).selectOption('admin');
    const dialog = page.getByRole('alertdialog', { name: `Change ${client}'s role?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(`Role of ${client}`)).toHaveValue('client');
    expect((await suite.query<{ role: string }>('SELECT role FROM users WHERE username = ?', [client]))[0]?.role).toBe(
      'client',
    );

    await page.getByLabel(`Role of ${client}`).selectOption('admin');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make admin' }).click();
    await expect(toast(page, `${client} is now admin`)).toBeVisible();
    await expect(page.getByLabel(`Role of ${client}`)).toHaveValue('admin');

    // Disabling ends their sessions at once.
    await them.request.post(`${suite.portalUrl}/api/login`, { data: { username: other, password: 'Kahikatea#2025' } });
    expect((await them.request.get(`${suite.portalUrl}/api/auth/user`)).status()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: `Disable ${other}` }).click();
    const disabling = page.getByRole('alertdialog', { name: `Disable ${other}?` });
    // Disabling a client closes the relationship: the dialog says what that starts (decision 0069).
    await expect(disabling).toContainText('erased seven years from today unless the account is enabled again');
    await disabling.getByRole('button', { name: 'Disable account' }).click();
    await expect(toast(page, `${other} was signed out and cannot sign in.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(other) })).toContainText('Disabled');
    expect((await them.request.get(`${suite.portalUrl}/api/auth/user`)).status()).toBe(401);
    await theirs.close();

    // The audit log: readable names, filtered to accounts.
    await page.getByRole('tab', { name: 'Audit' }).click();
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Area').selectOption('accounts');
    await filters.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('row', { name: new RegExp(`Account #\\d+ “${client}” updated`) }).last();
    await row.getByText('1 field changed').click();
    await expect(row.getByRole('listitem')).toHaveText('Role: Client → Admin');
  });

  test('a master admin invites a member of staff, who sets a password from the e-mailed link', async ({
    page,
    suite,
  }) => {
    const master = `inviter${Date.now()}`;
    await suite.cli('create-admin', {
      ADMIN_USERNAME: master,
      ADMIN_EMAIL: `${master}@example.nz`,
      ADMIN_PASSWORD: 'Master#Pass2026',
    });
    const staff = `staff${Date.now()}`;
    await signIn(page, master, 'Master#Pass2026', { staff: true });
    await page.getByRole('tab', { name: 'Users' }).click();
    const form = page.getByRole('form', { name: 'Invite staff' });
    await form.getByLabel('Username').fill(staff);
    await form.getByLabel('E-mail').fill(`${staff}@example.nz`);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Invitation sent')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(staff) })).toContainText('Invited');
    // The same username again is refused in the words registration uses.
    await form.getByLabel('Username').fill(staff);
    await form.getByLabel('E-mail').fill(`other-${staff}@example.nz`);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form.getByText('That username is already taken', { exact: true }).first()).toBeVisible();

    // The first e-mail went astray: a new link, and the first stops working.
    await page.getByRole('button', { name: `Resend invitation to ${staff}` }).click();
    await expect(toast(page, 'Invitation sent again')).toBeVisible();

    // No SMTP in the suite: the messages wait in the outbox, as an operator would find them.
    const mails = await suite.query<{ text: string }>('SELECT text FROM outbox WHERE "to" = ? ORDER BY id', [
      `${staff}@example.nz`,
    ]);
    expect(mails).toHaveLength(2);
    expect(
      await suite.query(
        'SELECT count(*) AS n FROM password_reset_tokens WHERE userId = (SELECT id FROM users WHERE username = ?)',
        [staff],
      ),
    ).toEqual([{ n: 1 }]);
    const mail = mails.at(-1);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+&invite=1/.exec(mail?.text ?? '')?.[0];
    // To the portal, where the page that sets it is (decision 0077).
    expect(link?.startsWith(`${suite.portalUrl}/reset-password?token=`)).toBe(true);
    await page.context().clearCookies();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await page.getByLabel('New password *', { exact: true }).fill('Totara#Staff2026');
    await page.getByLabel('Confirm new password').fill('Totara#Staff2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(toast(page, 'Your password is set and your account is ready. Please sign in.')).toBeVisible();
    await signIn(page, staff, 'Totara#Staff2026', { staff: true });
    await expect(page.getByRole('tab', { name: 'Leads' })).toBeVisible();
  });

  test('an admin adds a service package (public once active) and records a client metrics snapshot', async ({
    page,
    consoleErrors,
    dashboardAs,
  }) => {
    const name = `Tradie Starter ${Date.now()}`;
    await dashboardAs('demo-admin');
    await page.getByRole('tab', { name: 'Content' }).click();
    const form = page.getByRole('form', { name: 'New service package' });
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel(/^Type/).fill('lead-engine');
    await form.getByLabel(/^Price/).fill('$2,495');
    await form.getByLabel('Features').fill('Website\nGoogle profile\nFollow-up');
    await form.getByRole('button', { name: 'Add service package' }).click();
    await expect(toast(page, 'Service package added')).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
    const pub = await (await page.request.get('/api/service-packages')).json();
    expect(pub.items.map((p: { name: string }) => p.name)).toContain(name);

    await page.getByRole('tab', { name: 'Clients' }).click();
    await page
      .getByRole('navigation', { name: 'Clients' })
      .getByRole('button', { name: /demo-client/ })
      .click();
    const metrics = page.getByRole('form', { name: 'Metrics' });
    await metrics.getByLabel('Date').fill('2026-11-20');
    await metrics.getByLabel('SEO').fill('Average position: 3.1');
    await metrics.getByRole('button', { name: 'Save metrics' }).click();
    await expect(toast(page, 'Metrics saved')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
