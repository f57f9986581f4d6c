import { extractText, getDocumentProxy } from 'unpdf';
import { readFile } from 'node:fs/promises';
import { expect, test, toast } from '../support/fixtures';
import { openClient } from '../support/portal';

const pdfText = async (path: string) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await readFile(path))), { mergePages: true })).text;

test.describe('a report as a PDF and a share link', () => {
  test('a client downloads a month as a PDF with the figures their table shows', async ({
    page,
    consoleErrors,
    dashboardAs,
  }) => {
    await dashboardAs('demo-client');
    await page.getByRole('tab', { name: 'Monthly reports' }).click();
    const table = page.getByRole('table', { name: 'Monthly reports' });
    const newest = table.getByRole('row').nth(1);
    const month = (await newest.getByRole('rowheader').textContent())!.trim();
    const visits = (await newest.getByRole('cell').first().textContent())!.trim().match(/^[\d,]+/)![0];
    const download = page.waitForEvent('download');
    await newest.getByRole('link', { name: `PDF of the report for ${month}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^demo-client report \d{4}-\d{2}\.pdf$/);
    const text = await pdfText((await file.path())!);
    expect(text).toContain(`Report for ${month}`);
    expect(text).toContain(`Website visits\n${visits}\n`);
    expect(consoleErrors).toEqual([]);
  });

  test('staff make a link, someone without an account opens the report and its PDF, and it stops once revoked', async ({
    page,
    browser,
    consoleErrors,
    dashboardAs,
  }) => {
    await dashboardAs('demo-admin');
    await openClient(page, 'demo-client');
    const newest = page.getByRole('table', { name: 'Monthly reports' }).getByRole('row').nth(1);
    const month = (await newest.getByRole('rowheader').textContent())!.trim();
    await newest.getByRole('button', { name: `Share the report for ${month}` }).click();
    const dialog = page.getByRole('dialog', { name: `Share the report for ${month}` });
    await dialog.getByLabel('Opens for').selectOption({ label: '7 days' });
    await dialog.getByRole('button', { name: 'Make link' }).click();
    await expect(toast(page, 'Link made')).toBeVisible();
    const url = await dialog.getByLabel('New link (shown once: copy it now)').inputValue();
    expect(url).toMatch(/\/shared\/reports\/[\w-]{43}$/);
    await expect(dialog.getByRole('list', { name: 'Share links' })).toContainText('Made by demo-admin');

    // Someone the client forwarded it to: another browser, signed in nowhere.
    const stranger = await browser.newContext();
    const shared = await stranger.newPage();
    await shared.goto(url);
    await expect(shared.getByRole('heading', { name: 'demo-client' })).toBeVisible();
    await expect(shared.getByText(`Report for ${month}`)).toBeVisible();
    const download = shared.waitForEvent('download');
    await shared.getByRole('link', { name: 'Download the PDF' }).click();
    expect(await pdfText((await (await download).path())!)).toContain(`Report for ${month}`);

    // The opening is counted: staff see it when they come back to the report.
    await page.reload();
    await openClient(page, 'demo-client');
    await page
      .getByRole('button', { name: `Share the report for ${month}` })
      .first()
      .click();
    const links = page.getByRole('dialog', { name: `Share the report for ${month}` }).getByRole('list', {
      name: 'Share links',
    });
    await expect(links).toContainText(/opened [12] time/);
    await links.getByRole('button', { name: 'Revoke' }).first().click();
    await links.getByRole('button', { name: 'Confirm revoke' }).click();
    await expect(toast(page, 'Link revoked')).toBeVisible();
    await shared.reload();
    await expect(shared.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await stranger.close();
    expect(consoleErrors).toEqual([]);
  });
});
