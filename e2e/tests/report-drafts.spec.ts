import { expect, test, toast } from '../support/fixtures';
import { openClient } from '../support/portal';

/**
 * A month's report drafted from the client's Google figures (decision 0094): staff build it with the button, edit a
 * figure beside what was fetched, write the narrative and publish; the client sees nothing of it before. A month long
 * before the demo client's twelve, so the dashboard's tests see the same twelve months.
 */
const MONTH = '2019-03';
const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;

test('staff build a draft from Google, edit it and publish it; the client sees it only then', async ({
  page,
  browser,
  suite,
  consoleErrors,
  dashboardAs,
}) => {
  const [client] = await suite.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo-client'");
  const clientId = Number(client!.id);
  // A run before this one (a retry) leaves its report and figures: start from none.
  await suite.query('DELETE FROM monthly_reports WHERE clientId = ? AND reportDate = ?', [clientId, `${MONTH}-01`]);
  await suite.query(
    `INSERT OR REPLACE INTO google_connections (clientId, refreshToken, connectedAt, ga4Property, searchConsoleSite)
     VALUES (?, NULL, ?, 'properties/1', 'sc-domain:example.co.nz')`,
    [clientId, Date.now()],
  );
  const queries = JSON.stringify([
    { key: 'builder te awamutu', clicks: 9, impressions: 120, ctr: 0.075, position: 2.5 },
  ]);
  const pages = JSON.stringify([{ key: '/services/renovations', clicks: 7, impressions: 90, ctr: 0.078, position: 3 }]);
  const days: [string, number][] = [
    ...Array.from({ length: 28 }, (_, i): [string, number] => [day('2019-02', i + 1), 90]),
    ...Array.from({ length: 31 }, (_, i): [string, number] => [day(MONTH, i + 1), 100]),
  ];
  for (const [date, sessions] of days)
    await suite.query(
      `INSERT OR REPLACE INTO google_daily_figures (clientId, day, sessions, totalUsers, keyEvents, organicSessions,
       paidSessions, clicks, impressions, ctr, position, topQueries, topPages, searchFinal)
       VALUES (?, ?, ?, 80, 2, 60, 20, 20, 400, 0.05, 6, ?, ?, 1)`,
      [clientId, date, sessions, queries, pages],
    );

  await dashboardAs('demo-admin');
  await openClient(page, 'demo-client');
  await page.getByLabel('Month to build').fill(MONTH);
  await page.getByRole('button', { name: 'Build draft from Google' }).click();
  await expect(toast(page, 'Draft built')).toBeVisible();

  const draft = page.getByRole('form', { name: 'Draft report March 2019' });
  const visits = draft.getByLabel('Website visits', { exact: true });
  await expect(visits).toHaveValue('3100');
  await expect(draft.getByText('From Google').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top queries' })).toContainText('builder te awamutu');
  await expect(page.getByRole('button', { name: /March 2019.*Draft/ })).toBeVisible();

  await visits.fill('2900');
  await draft.getByLabel('What we did').fill('New renovation pages went live.');
  await draft.getByLabel("What's next").fill('Two case studies with photos.');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(toast(page, 'Draft saved')).toBeVisible();
  await expect(draft.getByText('Edited; fetched 3,100')).toBeVisible();

  // Before publishing, the client's reports have no such month.
  const asClient = await browser.newContext({ storageState: await suite.freshSessionOf('demo-client') });
  const before = await asClient.request.get(`${suite.portalUrl}/api/reports?pageSize=100`);
  expect(before.status()).toBe(200);
  const listed = ((await before.json()) as { items: { reportDate: string }[] }).items.map((r) => r.reportDate);
  expect(listed).not.toContain(`${MONTH}-01`);
  await asClient.close();

  await draft.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Report published')).toBeVisible();
  await expect(draft).toHaveCount(0);

  await page.context().clearCookies();
  await dashboardAs('demo-client');
  await page.getByRole('tab', { name: 'Monthly reports' }).click();
  // The oldest month, on the table's last page.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  const row = page.getByRole('table', { name: 'Monthly reports' }).getByRole('row', { name: /March 2019/ });
  await expect(row).toContainText('2,900');
  await expect(row).toContainText('New renovation pages went live.');
  expect(consoleErrors).toEqual([]);
});
