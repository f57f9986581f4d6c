import { followUpDue, formatNzDateTime } from '@agency/contracts';
import { holidayCalendar } from '@agency/gateway/testing';
import { expect, revealLeadForms, test, toast } from '../support/fixtures';

const holidays = holidayCalendar();

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
});
