import { expect, test, toast } from '../support/fixtures';

test.describe('long posts', () => {
  test('a post of 150,000 accented characters and emoji shows its count and saves from the dashboard', async ({
    page,
    consoleErrors,
    suite,
    dashboardAs,
  }) => {
    // Typing 150,000 characters into the editor and saving them took 41-52 s of the 60 s on a busy two-core machine.
    test.slow();
    const stamp = Date.now();
    const title = `Long read ${stamp}`;
    // 150,000 characters as the editor and server count them (an emoji is one): over 200 KB of UTF-8, three times
    // the API's old 64 KiB for every body.
    const words = [...'Māori kupu, café, 中文 😀 '];
    const body =
      `## Kia ora\n\n${Array.from({ length: 150_000 }, (_, i) => words[i % words.length]).join('')}`.trimEnd();
    await dashboardAs('demo-admin');
    await page.getByRole('tab', { name: 'Blog' }).click();
    const form = page.getByRole('form', { name: 'New blog post' });
    const field = form.getByLabel('Body (Markdown) *');
    await expect(field).toHaveAccessibleDescription(/0 of 200,000 characters$/);
    await form.getByLabel('Title *').fill(title);
    await form.getByLabel('Excerpt *').fill('Every word of it.');
    await form.getByLabel('Category *').fill('Guides');
    await field.fill(body);
    const count = await field.evaluate((el: HTMLTextAreaElement) => [...el.value].length);
    expect(count).toBeGreaterThan(150_000);
    await expect(field).toHaveAccessibleDescription(
      new RegExp(`${count.toLocaleString('en-NZ')} of 200,000 characters$`),
    );
    await form.getByRole('button', { name: 'Add blog post' }).click();
    await expect(toast(page, 'Blog post added')).toBeVisible();

    const [row] = await suite.query<{ body: string }>('SELECT body FROM blog_posts WHERE title = ?', [title]);
    expect(row!.body).toBe(body);
    expect(Buffer.byteLength(row!.body)).toBeGreaterThan(3 * 64 * 1024);
    expect(consoleErrors).toEqual([]);
  });
});
