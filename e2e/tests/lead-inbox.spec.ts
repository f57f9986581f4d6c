import { followUpDue, formatNzDateTime } from '@agency/contracts';
import { holidayCalendar, parseCsv } from '@agency/gateway/testing';
import type { Download } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, revealLeadForms, test, toast } from '../support/fixtures';

const holidays = holidayCalendar();

const bytesOf = async (file: Download) => Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]);

/** A downloaded CSV's records by header name. */
async function records(file: Download) {
  const [header, ...rows] = parseCsv((await bytesOf(file)).toString('utf8'));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name.replace('\uFEFF', ''), row[i]])));
}

test.describe('the lead inbox', () => {
  test('a visitor is promised 24 hours without weekends or holidays, and the inbox keeps that promise', async ({
    page,
    suite,
    dashboardAs,
  }) => {
    const business = `Hukanui Orchards ${Date.now()}`;
    await page.goto('/');
    await revealLeadForms(page);
    const form = page.getByRole('form', { name: 'Contact enquiry' });
    await form.getByLabel('Business name *').fill(business);
    await form.getByLabel('Your name *').fill('Mere');
    await form.getByLabel('Email *').fill(`mere.${Date.now()}@example.nz`);
    await form.getByLabel('Website Design').check();
    await page.getByRole('button', { name: 'Send My Enquiry' }).click();
    await expect(
      toast(
        page,
        "Thank you for your inquiry. We'll contact you within 24 hours, not counting weekends and NZ public holidays.",
      ),
    ).toBeVisible();

    const [stored] = await suite.query<{ createdAt: number }>(
      'select createdAt from contact_inquiries where businessName = ?',
      [business],
    );
    // The one rule: the same time on the next working day, or 17:00 on it if it came in on a weekend or holiday.
    const due = followUpDue(new Date(Number(stored!.createdAt)), holidays).followUpBy;
    await dashboardAs('demo-admin');
    await page.getByLabel('Search leads').fill(business);
    const row = page.getByRole('listitem').filter({ hasText: business });
    await expect(row.getByText(`Follow up by ${formatNzDateTime(due)}`)).toBeVisible();
  });

  test('Export CSV holds exactly what the screen lists, the filters and NZ day in its name', async ({
    page,
    suite,
    dashboardAs,
  }) => {
    const tag = `Pukete ${Date.now()}`;
    await suite.query(
      `INSERT INTO contact_inquiries (businessName, contactName, contactEmail, followUpBy) VALUES (?, 'A', 'a@example.nz', ?), (?, 'B', 'b@example.nz', ?)`,
      [`${tag} Overdue`, Date.now() - 3_600_000, `${tag} Later`, Date.now() + 86_400_000],
    );
    await dashboardAs('demo-admin');
    await page.getByLabel('Search leads').fill(tag);
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(2);
    await page.getByLabel('Filter by follow-up').selectOption('Overdue');
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(1);
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    let file = await download;
    expect(file.suggestedFilename()).toMatch(/^enquiry-leads-overdue-search-\d{4}-\d\d-\d\d\.csv$/);
    expect((await records(file)).map((r) => r.Business)).toEqual([`${tag} Overdue`]);

    // My leads: nothing is assigned to this person, so the screen lists none and the file has none.
    await page.getByLabel('My leads').check();
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(0);
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    file = await download;
    expect(file.suggestedFilename()).toMatch(/^enquiry-leads-overdue-my-leads-search-\d{4}-\d\d-\d\d\.csv$/);
    expect(await records(file)).toEqual([]);
  });

  test("the All view's Export CSV gives a zip of one CSV per kind, each with its own kind's columns", async ({
    page,
    suite,
    dashboardAs,
  }) => {
    const tag = `Horotiu ${Date.now()}`;
    await suite.query(
      `INSERT INTO contact_inquiries (businessName, contactName, contactEmail) VALUES (?, 'Aroha', 'aroha@example.nz')`,
      [`${tag} Enquiry`],
    );
    await suite.query(
      `INSERT INTO opt_in_leads (firstName, email, leadMagnet) VALUES (?, 'rawiri@example.nz', 'real-talk')`,
      [`${tag} Rawiri`],
    );
    await dashboardAs('demo-admin');
    await page.getByLabel('Lead type').selectOption('All leads');
    await page.getByLabel('Search leads').fill(tag);
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const day = file.suggestedFilename().match(/^all-leads-search-(\d{4}-\d\d-\d\d)\.zip$/)?.[1];
    expect(day, file.suggestedFilename()).toBeDefined();
    await expect(toast(page, 'A zip of one CSV per kind of lead is in your downloads.')).toBeVisible();
    const zip = unzipSync(new Uint8Array(await bytesOf(file)));
    expect(Object.keys(zip)).toEqual(
      ['enquiry', 'quote', 'consultation', 'optin'].map((kind) => `${kind}-leads-search-${day}.csv`),
    );
    const csv = (kind: string) => {
      const [header, ...rows] = parseCsv(strFromU8(zip[`${kind}-leads-search-${day}.csv`]!).replace('\uFEFF', ''));
      return { header: header!, rows };
    };
    const enquiries = csv('enquiry');
    expect(enquiries.rows.map((r) => r[enquiries.header.indexOf('Business')])).toEqual([`${tag} Enquiry`]);
    // Only the columns the kind has: no sign-up column in the enquiries' file, no business in the sign-ups'.
    expect(enquiries.header).not.toContain('First name');
    const optins = csv('optin');
    expect(optins.header).not.toContain('Business');
    expect(optins.rows.map((r) => r[optins.header.indexOf('First name')])).toEqual([`${tag} Rawiri`]);
    expect(csv('quote').rows).toEqual([]);
  });

  test('a +64 phone number goes into the CSV as typed, with no apostrophe, and still never as a formula', async ({
    page,
    dashboardAs,
  }) => {
    const business = `Te Rapa Cafe ${Date.now()}`;
    const lead = await page.request.post('/api/contact-inquiry', {
      data: {
        businessName: business,
        contactName: 'Tama',
        contactEmail: 'tama@example.nz',
        contactPhone: '+64 7 838 1234',
        servicesInterested: ['seo'],
        comments: '+64 7 838 1234+HYPERLINK("http://x.example")',
      },
    });
    expect(lead.status()).toBe(201);
    await dashboardAs('demo-admin');
    await page.getByLabel('Search leads').fill(business);
    await expect(page.getByRole('listitem').filter({ hasText: business })).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [record] = await records(await download);
    // A text literal: Excel and Google Sheets show +64 7 838 1234; nothing in it can run.
    expect(record!.Phone).toBe('="+64 7 838 1234"');
    // Anything past a strict phone number is still neutralised.
    expect(record!.Comments).toBe(`'+64 7 838 1234+HYPERLINK("http://x.example")`);
  });

  test('a search typed without macrons finds a name written with them, and the reverse', async ({
    page,
    dashboardAs,
  }) => {
    const stamp = String(Date.now());
    const withMacrons = `Ngāruawāhia Plumbing ${stamp}`;
    const lead = await page.request.post('/api/contact-inquiry', {
      data: {
        businessName: withMacrons,
        contactName: 'Wiremu',
        contactEmail: 'wiremu@example.nz',
        servicesInterested: ['seo'],
      },
    });
    expect(lead.status()).toBe(201);
    await dashboardAs('demo-admin');
    const search = page.getByLabel('Search leads');
    await search.fill(`Ngaruawahia Plumbing ${stamp}`);
    await expect(page.getByRole('listitem').filter({ hasText: withMacrons })).toHaveCount(1);
    await search.fill(`NGĀRUAWĀHIA plumbing ${stamp}`);
    await expect(page.getByRole('listitem').filter({ hasText: withMacrons })).toHaveCount(1);
    await search.fill(`Ngaruawahia Plumbers ${stamp}`);
    await expect(page.getByRole('listitem').filter({ hasText: withMacrons })).toHaveCount(0);
    // Written without, typed with.
    const without = `Kawhia Harbour Tours ${stamp}`;
    const other = await page.request.post('/api/contact-inquiry', {
      data: {
        businessName: without,
        contactName: 'Rangi',
        contactEmail: 'rangi@example.nz',
        servicesInterested: ['seo'],
      },
    });
    expect(other.status()).toBe(201);
    await search.fill(`Kāwhia Harbour Tours ${stamp}`);
    await expect(page.getByRole('listitem').filter({ hasText: without })).toHaveCount(1);
  });

  test("a lead changed out of the list's filter stays open, with a note, until closed", async ({
    page,
    dashboardAs,
  }) => {
    const business = `Pirongia Pottery ${Date.now()}`;
    const lead = await page.request.post('/api/contact-inquiry', {
      data: { businessName: business, contactName: 'Ana', contactEmail: 'ana@example.nz', servicesInterested: ['seo'] },
    });
    const { id } = (await lead.json()) as { id: number };
    await dashboardAs('demo-admin');
    await page.getByLabel('Filter by status').selectOption('New');
    await page.getByLabel('Search leads').fill(business);
    const row = page.getByRole('listitem').filter({ hasText: business });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: new RegExp(`^#${id} `) }).click();
    await expect(row.getByText('Preferred contact', { exact: true })).toBeVisible();

    await row.getByLabel(`Status of enquiry #${id}`).selectOption('Contacted');
    await expect(toast(page, `Enquiry #${id} is now Contacted.`)).toBeVisible();
    // The list no longer holds it (its count says so), but the person working on it still has it, open.
    await expect(page.getByText(/^0 enquiries$/)).toBeVisible();
    const note = row.getByRole('note');
    await expect(note).toHaveText(/No longer matches this list's filters: it stays here until you close it\./);
    await expect(row.getByText('Preferred contact', { exact: true })).toBeVisible();
    await expect(row.getByLabel(`Status of enquiry #${id}`).locator('option:checked')).toHaveText('Contacted');

    await note.getByRole('button', { name: 'Close' }).click();
    await expect(row).toHaveCount(0);
  });

  test('the inbox reads in words: status labels, the kind and number of a lead, a whole search hint', async ({
    page,
    dashboardAs,
  }) => {
    const business = `Whatawhata Honey ${Date.now()}`;
    const lead = await page.request.post('/api/contact-inquiry', {
      data: {
        businessName: business,
        contactName: 'Hine',
        contactEmail: 'hine@example.nz',
        preferredContactMethod: 'phone',
        contactPhone: '021 555 0123',
        servicesInterested: ['seo'],
      },
    });
    const { id } = (await lead.json()) as { id: number };
    await dashboardAs('demo-admin');
    const search = page.getByLabel('Search leads');
    // The hint is not cut off: the box is wide enough for all of it.
    expect(await search.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.getByLabel('Lead type').selectOption('All leads');
    await search.fill(business);
    const row = page.getByRole('listitem').filter({ hasText: business });
    await expect(row.getByRole('button', { name: new RegExp(`^Enquiry #${id} `) })).toBeVisible();
    const status = row.getByLabel(`Status of enquiry #${id}`);
    await expect(status.locator('option:checked')).toHaveText('New');
    await status.selectOption('Contacted');
    await expect(toast(page, `Enquiry #${id} is now Contacted.`)).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^Enquiry #${id} `) }).click();
    await expect(row.getByText('Preferred contact', { exact: true })).toBeVisible();
    await expect(row.getByText('Prefers')).toHaveCount(0);
    // The open lead's fields read in words too: its contact method and its new status.
    const field = (label: string) =>
      row.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(field('Preferred contact')).toHaveText('Phone');
    await expect(field('Status')).toHaveText('Contacted');
  });
});
