import { signIn } from '../support/portal';
import { expect, test } from '../support/fixtures';

// The one audit trail (decision 0103) in the dashboard's Audit tab: events of several areas, narrowed to one area.
test('a master admin opens the audit tab and narrows it to one area', async ({ page, suite }) => {
  // A hang guard: an account made by the CLI, a two-step sign-in and the dashboard's remote take minutes on a busy
  // two-core machine.
  test.setTimeout(180_000);
  const master = `auditor${Date.now()}`;
  await suite.cli('create-admin', {
    ADMIN_USERNAME: master,
    ADMIN_EMAIL: `${master}@example.nz`,
    ADMIN_PASSWORD: 'Master#Pass2026',
  });
  const business = `Audited Joinery ${Date.now()}`;
  await suite.query(
    "INSERT INTO contact_inquiries (businessName, contactName, contactEmail) VALUES (?, 'Aroha', 'aroha.audit@example.nz')",
    [business],
  );
  const [lead] = await suite.query<{ id: number }>('SELECT id FROM contact_inquiries WHERE businessName = ?', [
    business,
  ]);
  await signIn(page, master, 'Master#Pass2026', { staff: true });

  // Two areas' actions through the API, as the dashboard's own forms send them: a content write and a status change.
  const study = `Audit trail cafe ${Date.now()}`;
  const created = await page.request.post(`${suite.portalUrl}/api/admin/case-studies`, { data: { title: study } });
  expect(created.status(), await created.text()).toBe(201);
  const moved = await page.request.patch(`${suite.portalUrl}/api/admin/enquiries/${lead!.id}`, {
    data: { status: 'contacted' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.getByRole('tab', { name: 'Audit' }).click();
  const table = page.getByRole('table', { name: 'Audit events, newest first' });
  const leadRow = table.getByRole('row', { name: new RegExp(`Enquiry #${lead!.id} updated`) });
  const studyRow = table.getByRole('row', { name: new RegExp(`Case study #\\d+ “${study}” created`) });
  await expect(leadRow).toBeVisible();
  await expect(studyRow).toBeVisible();
  await expect(leadRow).toContainText('Leads');
  await expect(studyRow).toContainText('Content');

  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Area').selectOption('leads');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(studyRow).toHaveCount(0);
  await expect(leadRow).toBeVisible();
  await leadRow.getByText('1 field changed').click();
  await expect(leadRow.getByRole('listitem')).toHaveText('Status: New → Contacted');
  // Every row shown is of the area asked for.
  const areas = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(new Set(areas)).toEqual(new Set(['Leads']));

  await filters.getByLabel('Area').selectOption('content');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(studyRow).toBeVisible();
  await expect(leadRow).toHaveCount(0);
});
