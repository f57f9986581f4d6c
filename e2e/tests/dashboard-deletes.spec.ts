import type { Locator, Page } from '@playwright/test';
import { expect, test, toast } from '../support/fixtures';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/**
 * A delete button as staff use it: the first click arms it, the second (its confirmation) deletes. The browser
 * sends the DELETE as Chromium sends any bodiless one (no Content-Length, no Content-Type); a native confirm
 * dialog, were there one, is accepted.
 */
async function deleteBy(page: Page, scope: Page | Locator, name: string, deleted: string) {
  page.once('dialog', (dialog) => void dialog.accept());
  await scope.getByRole('button', { name: `Delete ${name}` }).click();
  await scope.getByRole('button', { name: `Confirm delete ${name}` }).click();
  await expect(toast(page, deleted)).toBeVisible();
  await expect(scope.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
}

test.describe('every delete button of the dashboard works in the browser', () => {
  test('staff delete a blog post, a case study, a service package, and a client’s report and file', async ({
    page,
    consoleErrors,
    suite,
    dashboardAs,
  }) => {
    const stamp = Date.now();
    // A client of this test's own, so the demo client's reports stay as other tests expect them.
    const username = `deletes${stamp}`;
    const registered = await page.request.post(`${suite.portalUrl}/api/register`, {
      data: { username, email: `${username}@example.nz`, password: 'Kahikatea#2025' },
    });
    expect(registered.status()).toBe(201);
    const clientId = ((await registered.json()) as { id: number }).id;
    await page.context().clearCookies();

    await dashboardAs('demo-admin');
    // What there is to delete, made through the API as the signed-in admin (the forms have tests of their own).
    const made = async (path: string, data: unknown) => {
      const res = await page.request.post(suite.portalUrl + path, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const title = `Delete me ${stamp}`;
    const postId = await made('/api/admin/blog-posts', {
      title,
      slug: `delete-me-${stamp}`,
      excerpt: 'Short-lived.',
      body: 'Gone soon.',
      category: 'Tests',
      status: 'draft',
    });
    const study = `Deleted study ${stamp}`;
    const studyId = await made('/api/admin/case-studies', { title: study, sortOrder: -1000 });
    const pkg = `Deleted package ${stamp}`;
    const pkgId = await made('/api/admin/service-packages', {
      name: pkg,
      type: 'seo',
      price: '$1',
      sortOrder: -1000,
    });
    const reportId = await made(`/api/admin/clients/${clientId}/reports`, { reportDate: '2026-02-01' });
    const upload = await page.request.post(`${suite.portalUrl}/api/admin/clients/${clientId}/files?name=plan.pdf`, {
      headers: { 'content-type': 'application/octet-stream' },
      data: PDF,
    });
    expect(upload.status()).toBe(201);
    const fileId = ((await upload.json()) as { id: number }).id;

    await page.reload();
    await openTab(page, 'Blog');
    await deleteBy(page, page, title, 'Blog post deleted');

    await openTab(page, 'Content');
    const packages = page.getByRole('region', { name: 'Service packages' });
    const studies = page.getByRole('region', { name: 'Case studies' });
    await deleteBy(page, packages, pkg, 'Service package deleted');
    await deleteBy(page, studies, study, 'Case study deleted');

    await openTab(page, 'Clients');
    await page
      .getByRole('navigation', { name: 'Clients' })
      .getByRole('button', { name: new RegExp(username) })
      .click();
    await deleteBy(page, page, 'report February 2026', 'Report deleted');
    await deleteBy(page, page, 'plan.pdf', 'File deleted');

    // Gone from the database, not only from the page.
    const left = await suite.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM blog_posts WHERE id = ?) + (SELECT count(*) FROM case_studies WHERE id = ?)
        + (SELECT count(*) FROM service_packages WHERE id = ?) + (SELECT count(*) FROM monthly_reports WHERE id = ?)
        + (SELECT count(*) FROM files WHERE id = ?) AS n`,
      [postId, studyId, pkgId, reportId, fileId],
    );
    expect(Number(left[0]!.n)).toBe(0);
    await expect(toast(page, 'Delete failed')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a question added to a post’s FAQ is removed by its Remove button', async ({ page, dashboardAs }) => {
    await dashboardAs('demo-admin');
    await openTab(page, 'Blog');
    const form = page.getByRole('form', { name: 'New blog post' });
    await form.getByRole('button', { name: 'Add question' }).click();
    await form.getByLabel('Question 1 *').fill('Is this kept?');
    await form.getByRole('button', { name: 'Remove question 1' }).click();
    await expect(form.getByLabel('Question 1 *')).toHaveCount(0);
  });
});
