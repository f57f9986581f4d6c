import type { Page } from '@playwright/test';
import { expect, test, toast } from '../support/fixtures';

/** The smallest valid PNG: 1x1, one grey pixel. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** Hands the body an image file as a paste or a drop would (the browser's own events, with a real File). */
async function giveImage(page: Page, how: 'paste' | 'drop', name: string) {
  await page.getByLabel('Body (Markdown) *').evaluate(
    (el, { how, name, png }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      if (how === 'paste')
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      else {
        el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    },
    { how, name, png: PNG_BASE64 },
  );
}

test.describe('the content editor never loses work', () => {
  test('a new post’s draft survives a tab switch and a reload, leaving asks first, a save stays, offline says so and retries', async ({
    page,
    context,
    dashboardAs,
    suite,
  }) => {
    const title = `Draft kept ${Date.now()}`;
    await dashboardAs('demo-admin');
    await openTab(page, 'Blog');
    let form = page.getByRole('form', { name: 'New blog post' });
    await form.getByLabel('Title *').fill(title);
    await form.getByLabel('Excerpt *').fill('Written, then the tab was switched.');
    await form.getByLabel('Body (Markdown) *').fill('## Still here\n\nEvery word.');
    await expect(form.getByText(/^Draft saved at /)).toBeVisible();

    // Another dashboard tab and back: the form is as it was left.
    await openTab(page, 'Leads');
    await openTab(page, 'Blog');
    form = page.getByRole('form', { name: 'New blog post' });
    await expect(form.getByLabel('Title *')).toHaveValue(title);
    await expect(form.getByLabel('Body (Markdown) *')).toHaveValue('## Still here\n\nEvery word.');
    await expect(form.getByText(/^Restored your unsaved changes from /)).toBeVisible();

    // A reload asks first (beforeunload), then comes back to the same draft.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await openTab(page, 'Blog');
    form = page.getByRole('form', { name: 'New blog post' });
    await expect(form.getByLabel('Title *')).toHaveValue(title);

    // A link in the header asks first; staying keeps the page, leaving goes.
    await form.getByLabel('Category *').fill('Guides');
    const home = page.getByRole('banner').getByRole('link').first();
    await home.click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\?tab=blog$/);
    await expect(form.getByLabel('Category *')).toHaveValue('Guides');

    // Saving stays on the post, as saved, and its draft is gone.
    await form.getByRole('button', { name: 'Add blog post' }).click();
    await expect(toast(page, 'Blog post added')).toBeVisible();
    const edit = page.getByRole('form', { name: 'Edit blog post' });
    await expect(edit.getByLabel('Title *')).toHaveValue(title);
    await expect(page.getByRole('heading', { name: `Edit “${title}”` })).toBeVisible();
    await expect
      .poll(
        async () => (await suite.query('SELECT 1 FROM content_drafts WHERE "values" LIKE ?', [`%${title}%`])).length,
      )
      .toBe(0);

    // Offline: the save says so in words, and goes through once the connection is back.
    await edit.getByLabel('Title *').fill(`${title} (edited offline)`);
    await context.setOffline(true);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByRole('alert')).toHaveText(
      'You are offline, so the post was not saved yet. It is saved as soon as the connection is back; your changes stay here meanwhile.',
    );
    await context.setOffline(false);
    await expect(toast(page, 'Blog post updated')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await suite.query('SELECT 1 FROM blog_posts WHERE title = ?', [`${title} (edited offline)`])).length,
      )
      .toBe(1);
    await expect(edit.getByRole('alert')).toHaveCount(0);

    // Nothing unsaved now: links leave without asking.
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).not.toHaveURL(/\/dashboard/);
  });

  test('leaving an edited post by a link, after saying so, keeps its changes as a draft to come back to', async ({
    page,
    dashboardAs,
    suite,
  }) => {
    const title = `Edited elsewhere ${Date.now()}`;
    await dashboardAs('demo-admin');
    await openTab(page, 'Blog');
    const form = page.getByRole('form', { name: 'New blog post' });
    await form.getByLabel('Title *').fill(title);
    await form.getByLabel('Excerpt *').fill('Saved once.');
    await form.getByLabel('Body (Markdown) *').fill('First version.');
    await form.getByLabel('Category *').fill('Guides');
    await form.getByRole('button', { name: 'Add blog post' }).click();
    await expect(toast(page, 'Blog post added')).toBeVisible();
    const edit = page.getByRole('form', { name: 'Edit blog post' });
    await edit.getByLabel('Body (Markdown) *').fill('Second version, not saved.');
    await expect(edit.getByText(/^Draft saved at /)).toBeVisible();

    await page.getByRole('banner').getByRole('link').first().click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await expect(page).not.toHaveURL(/\/dashboard/);

    // Back on the dashboard: the post it was editing opens again, with the unsaved change in it.
    await page.goto('/dashboard');
    await openTab(page, 'Blog');
    const again = page.getByRole('form', { name: 'Edit blog post' });
    await expect(again.getByLabel('Title *')).toHaveValue(title);
    await expect(again.getByLabel('Body (Markdown) *')).toHaveValue('Second version, not saved.');
    // Discarded: the post as saved, and no draft left.
    await again.getByRole('button', { name: 'Discard changes' }).click();
    await expect(again.getByLabel('Body (Markdown) *')).toHaveValue('First version.');
    await expect
      .poll(
        async () => (await suite.query('SELECT 1 FROM content_drafts WHERE "values" LIKE ?', [`%${title}%`])).length,
      )
      .toBe(0);
  });
});

test.describe('images in a post’s body', () => {
  test('a pasted, dropped or chosen image asks for its alt text and goes in as Markdown', async ({
    page,
    dashboardAs,
  }) => {
    await dashboardAs('demo-admin');
    await openTab(page, 'Blog');
    const form = page.getByRole('form', { name: 'New blog post' });
    const body = form.getByLabel('Body (Markdown) *');
    await body.fill('Intro.');

    await giveImage(page, 'paste', 'chart.png');
    const ask = page.getByRole('dialog', { name: 'Describe the image' });
    await expect(ask).toBeVisible();
    const alt = ask.getByLabel('Alt text *');
    await expect(alt).toBeFocused();
    await ask.getByRole('button', { name: 'Insert image' }).click();
    await expect(ask.getByRole('alert')).toHaveText('Describe the image: what it shows, for people who cannot see it.');
    await alt.fill('Calls per week [rising]');
    await ask.getByRole('button', { name: 'Insert image' }).click();
    await expect(ask).toBeHidden();
    await expect(body).toHaveValue(
      /^Intro\.\n\n!\[Calls per week \\\[rising\\\]\]\(\/content-images\/[0-9a-f-]+\.png\)\n\n$/,
    );
    // The preview shows it as the site will, with its alt text.
    await expect(
      form.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'Calls per week [rising]' }),
    ).toBeVisible();

    await giveImage(page, 'drop', 'dropped.png');
    await ask.getByLabel('Alt text *').fill('The shop at opening');
    await ask.getByRole('button', { name: 'Insert image' }).click();
    await expect(body).toHaveValue(/!\[The shop at opening\]\(\/content-images\/[0-9a-f-]+\.png\)/);

    await form
      .getByLabel('Add an image to the body')
      .setInputFiles({ name: 'chosen.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    await ask.getByLabel('Alt text *').fill('A chosen picture');
    await ask.getByRole('button', { name: 'Insert image' }).click();
    await expect(body).toHaveValue(/!\[A chosen picture\]\(\/content-images\/[0-9a-f-]+\.png\)/);

    // Cancelling inserts nothing.
    const before = await body.inputValue();
    await giveImage(page, 'paste', 'not-this.png');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(body).toHaveValue(before);

    await form.getByRole('button', { name: 'Discard changes' }).click();
    await expect(body).toHaveValue('');
  });
});

test.describe('previews of posts not yet public', () => {
  test('a draft’s preview link opens it in a new tab, for whoever holds the link and nobody else', async ({
    page,
    context,
    browser,
    baseURL,
    dashboardAs,
  }) => {
    const title = `Preview me ${Date.now()}`;
    await dashboardAs('demo-admin');
    await openTab(page, 'Blog');
    const form = page.getByRole('form', { name: 'New blog post' });
    await form.getByLabel('Title *').fill(title);
    await form.getByLabel('Excerpt *').fill('Not public yet.');
    await form.getByLabel('Body (Markdown) *').fill('## Only staff see this\n\nA secret plan.');
    await form.getByLabel('Category *').fill('Guides');
    await form.getByRole('button', { name: 'Add blog post' }).click();
    await expect(toast(page, 'Blog post added')).toBeVisible();

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: `Preview ${title}` }).click();
    const tab = await opened;
    await tab.waitForURL(/\/blog\/preview-me-\d+\?preview=/);
    await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(tab.getByRole('heading', { level: 2, name: 'Only staff see this' })).toBeVisible();
    await expect(tab.getByRole('note')).toHaveText(
      'Preview - not published. This link works for a day for anyone who has it: share it only with people who may see the draft.',
    );
    const url = tab.url();
    const served = await tab.request.get(url);
    expect(served.headers()['cache-control']).toBe('no-store');
    expect(served.headers()['x-robots-tag']).toMatch(/noindex/);
    await tab.close();

    // The public site knows no session (decision 0077): the signed link is what opens it, for a day. The public
    // address without it, or with the link altered, shows nothing.
    const anonymous = await browser.newContext({ baseURL });
    try {
      const visitor = await anonymous.newPage();
      expect((await visitor.goto(url))?.status()).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const altered = new URL(url);
      altered.searchParams.set('preview', `${altered.searchParams.get('preview')}x`);
      expect((await visitor.goto(altered.href))?.status()).toBe(404);
      await expect(visitor.getByText('A secret plan.')).toHaveCount(0);
      expect((await visitor.goto(new URL(url).pathname))?.status()).toBe(404);
      await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
    } finally {
      await anonymous.close();
    }
  });
});
