import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@agency/contracts';
import { renderWithHost, routeFetch } from '../../test-utils';
import { BlogPanel } from './blog-panel';

const LIST = 'GET /api/admin/blog-posts?page=1';
const CREATE = 'POST /api/admin/blog-posts';
const PREVIEW = 'POST /api/admin/blog-posts/preview';
const UPLOAD = 'POST /api/admin/content-images';
const COVER = '/content-images/0b6f3c52-8d1e-4a7b-9c2d-5e4f3a2b1c0d.png';
const page = (items: BlogPost[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

const post = (over: Partial<BlogPost>): BlogPost => ({
  id: 1,
  title: 'Local SEO basics',
  slug: 'local-seo-basics',
  excerpt: 'Where to start.',
  body: '## Start here',
  imageUrl: null,
  imageAlt: 'A map pin',
  category: 'SEO',
  status: 'published',
  publishedAt: '2026-03-01T00:00:00.000Z',
  faq: [],
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...over,
});

/** A post's row in the list, found by its Edit button (the title also names its buttons). */
const rowOf = async (title: string) => (await screen.findByRole('button', { name: `Edit ${title}` })).closest('li')!;
const calledWith = <C extends { key: string }>(calls: C[], key: string) => calls.filter((c) => c.key === key);

/** Fills what every post needs apart from the cover (title and slug are the test's own), and alt text if asked. */
async function fillRequired(form: HTMLElement, { alt = true } = {}) {
  const f = within(form);
  await userEvent.type(f.getByLabelText('Excerpt *'), 'Speed sells.');
  await userEvent.click(f.getByLabelText('Body (Markdown) *'));
  await userEvent.paste('Fast pages win.');
  if (alt) await userEvent.type(f.getByLabelText(/^Cover alt text/), 'A stopwatch');
  await userEvent.type(f.getByLabelText('Category *'), 'Web design');
}

describe('blog panel', () => {
  it('writes a post: slug from the title until typed, live preview, raw cover upload, scheduled publish', async () => {
    const table: Record<string, [number, unknown]> = {
      [LIST]: [200, page([])],
      [PREVIEW]: [200, { html: '<h2>Why speed matters</h2><p>Fast <strong>pages</strong> win.</p>' }],
      [UPLOAD]: [201, { url: COVER, type: 'image/png', size: 9 }],
    };
    const calls = routeFetch(table);
    const { host } = renderWithHost(<BlogPanel />);
    const form = await screen.findByRole('form', { name: 'New blog post' });
    const f = within(form);

    await userEvent.type(f.getByLabelText('Title *'), 'Café SEO: 10 tips');
    expect(f.getByLabelText('Slug *')).toHaveValue('cafe-seo-10-tips');
    await userEvent.clear(f.getByLabelText('Slug *'));
    await userEvent.type(f.getByLabelText('Slug *'), 'speed-tips');
    await userEvent.type(f.getByLabelText('Title *'), ' for 2027');
    expect(f.getByLabelText('Slug *')).toHaveValue('speed-tips');

    await userEvent.type(f.getByLabelText('Excerpt *'), 'Speed sells.');
    await userEvent.click(f.getByLabelText('Body (Markdown) *'));
    await userEvent.paste('## Why speed matters\n\nFast **pages** win.');
    const preview = f.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { name: 'Why speed matters' })).toBeVisible();
    expect(calledWith(calls, PREVIEW).map((c) => c.body)).toEqual([
      { body: '## Why speed matters\n\nFast **pages** win.' },
    ]);
    // The next preview is asked for once typing pauses; the last one stays until it arrives.
    table[PREVIEW] = [200, { html: '<h2>Why speed matters</h2><p>Now with a list.</p>' }];
    await userEvent.type(f.getByLabelText('Body (Markdown) *'), ' More.');
    expect(within(preview).getByText('win.', { exact: false })).toBeVisible();
    expect(await within(preview).findByText('Now with a list.')).toBeVisible();
    expect(calledWith(calls, PREVIEW).at(-1)!.body).toEqual({
      body: '## Why speed matters\n\nFast **pages** win. More.',
    });
    expect(calledWith(calls, PREVIEW).length).toBeLessThan(4);

    const cover = new File(['\x89PNG fake'], 'cover.png', { type: 'image/png' });
    await userEvent.upload(f.getByLabelText('Upload cover image'), cover);
    await waitFor(() => expect(f.getByLabelText('Cover image URL')).toHaveValue(COVER));
    const [upload] = calledWith(calls, UPLOAD);
    expect(upload!.body).toBe(cover);
    expect(upload!.contentType).toBe('image/png');
    expect(f.getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', COVER);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Image uploaded', description: 'cover.png' });

    await userEvent.type(f.getByLabelText('Cover alt text *'), 'A stopwatch');
    await userEvent.type(f.getByLabelText('Category *'), 'Web design');
    await userEvent.selectOptions(f.getByLabelText('Status'), 'Published');
    fireEvent.change(f.getByLabelText('Publish date'), { target: { value: '2099-01-01T09:00' } });
    expect(f.getByLabelText('Publish date')).toHaveAccessibleDescription(/^Scheduled: goes live on /);
    await userEvent.click(f.getByRole('button', { name: 'Add question' }));
    await userEvent.type(f.getByLabelText('Question 1 *'), 'How fast is fast?');
    await userEvent.type(f.getByLabelText('Answer 1 *'), 'Under two seconds.');

    const publishedAt = new Date('2099-01-01T09:00').toISOString();
    const stored = post({ id: 9, title: 'Café SEO: 10 tips for 2027', slug: 'speed-tips', publishedAt });
    table[CREATE] = [201, stored];
    table[LIST] = [200, page([stored])];
    await userEvent.click(f.getByRole('button', { name: 'Add blog post' }));

    await waitFor(() => expect(calledWith(calls, CREATE)).toHaveLength(1));
    expect(calledWith(calls, CREATE)[0]!.body).toEqual({
      title: 'Café SEO: 10 tips for 2027',
      slug: 'speed-tips',
      excerpt: 'Speed sells.',
      body: '## Why speed matters\n\nFast **pages** win. More.',
      imageUrl: COVER,
      imageAlt: 'A stopwatch',
      category: 'Web design',
      status: 'published',
      publishedAt,
      faq: [{ question: 'How fast is fast?', answer: 'Under two seconds.' }],
    });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Blog post added', description: 'Café SEO: 10 tips for 2027' });
    const row = await rowOf('Café SEO: 10 tips for 2027');
    expect(within(row).getByText('Scheduled')).toBeVisible();
    // Not on the site until its date: nothing to view there yet, but a preview.
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByRole('button', { name: /^Preview Café SEO/ })).toBeVisible();
    // The save stays on the post, as saved.
    const saved = within(await screen.findByRole('form', { name: 'Edit blog post' }));
    expect(saved.getByLabelText('Title *')).toHaveValue('Café SEO: 10 tips for 2027');
    await userEvent.click(saved.getByRole('button', { name: 'Close' }));
    expect(within(screen.getByRole('form', { name: 'New blog post' })).getByLabelText('Title *')).toHaveValue('');
  });

  it("shows the server's 'slug taken' at the slug field", async () => {
    const taken = 'Another post already has this slug; choose another';
    const calls = routeFetch({
      [LIST]: [200, page([])],
      [PREVIEW]: [200, { html: '<p>Fast pages win.</p>' }],
      [CREATE]: [409, { message: taken, errors: { slug: taken } }],
    });
    const { host } = renderWithHost(<BlogPanel />);
    const form = await screen.findByRole('form', { name: 'New blog post' });
    await userEvent.type(within(form).getByLabelText('Title *'), 'Local SEO basics');
    await fillRequired(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Add blog post' }));

    const slug = within(form).getByLabelText('Slug *');
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(taken));
    expect(calledWith(calls, CREATE)[0]!.body).toMatchObject({ slug: 'local-seo-basics', status: 'draft' });
    expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Blog post added' }));
  });

  it('names the missing alt text of a cover and sends nothing', async () => {
    const calls = routeFetch({
      [LIST]: [200, page([])],
      [PREVIEW]: [200, { html: '<p>Fast pages win.</p>' }],
      [UPLOAD]: [201, { url: COVER, type: 'image/png', size: 9 }],
    });
    renderWithHost(<BlogPanel />);
    const form = await screen.findByRole('form', { name: 'New blog post' });
    const f = within(form);
    await userEvent.type(f.getByLabelText('Title *'), 'Speed');
    await userEvent.upload(f.getByLabelText('Upload cover image'), new File(['x'], 'c.png', { type: 'image/png' }));
    await waitFor(() => expect(f.getByLabelText('Cover image URL')).toHaveValue(COVER));
    await fillRequired(form, { alt: false });
    await userEvent.click(f.getByRole('button', { name: 'Add blog post' }));

    expect(f.getByRole('alert')).toHaveTextContent(/^Image alt text is required with a cover image\.$/);
    const alt = f.getByLabelText('Cover alt text *');
    expect(alt).toBeRequired();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(/Image alt text is required with a cover image/);
    expect(f.getByLabelText('Title *')).not.toHaveAttribute('aria-invalid');
    expect(calledWith(calls, CREATE)).toEqual([]);
  });

  it('sends a post without a cover and without alt text: alt text is required only while a cover is set', async () => {
    const table: Record<string, [number, unknown]> = {
      [LIST]: [200, page([])],
      [PREVIEW]: [200, { html: '<p>Fast pages win.</p>' }],
    };
    const calls = routeFetch(table);
    const { host } = renderWithHost(<BlogPanel />);
    const form = await screen.findByRole('form', { name: 'New blog post' });
    const f = within(form);
    expect(f.getByLabelText('Cover alt text')).not.toBeRequired();
    expect(f.queryByLabelText('Cover alt text *')).toBeNull();
    // A cover typed in asks for its alt text; taken out again, it no longer does.
    await userEvent.type(f.getByLabelText('Cover image URL'), COVER);
    expect(f.getByLabelText('Cover alt text *')).toBeRequired();
    await userEvent.clear(f.getByLabelText('Cover image URL'));
    expect(f.getByLabelText('Cover alt text')).not.toBeRequired();

    await userEvent.type(f.getByLabelText('Title *'), 'Speed');
    await fillRequired(form, { alt: false });
    table[CREATE] = [201, post({ id: 5, title: 'Speed', slug: 'speed', imageAlt: '', status: 'draft' })];
    await userEvent.click(f.getByRole('button', { name: 'Add blog post' }));

    await waitFor(() => expect(calledWith(calls, CREATE)).toHaveLength(1));
    expect(calledWith(calls, CREATE)[0]!.body).toMatchObject({ title: 'Speed', imageUrl: null, imageAlt: '' });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Blog post added', description: 'Speed' });
    expect(f.queryByRole('alert')).toBeNull();
  });

  it('refuses a wrong image in the browser and shows the server refusing one', async () => {
    const table: Record<string, [number, unknown]> = { [LIST]: [200, page([])] };
    const calls = routeFetch(table);
    renderWithHost(<BlogPanel />);
    const form = await screen.findByRole('form', { name: 'New blog post' });
    const input = within(form).getByLabelText('Upload cover image');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG, WebP, GIF or AVIF image');
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(input, huge);
    expect(within(form).getByRole('alert')).toHaveTextContent('The image must be at most 5 MiB');
    expect(calledWith(calls, UPLOAD)).toEqual([]);

    table[UPLOAD] = [415, { message: 'image must be a JPEG, PNG, WebP, GIF or AVIF picture (checked by its content)' }];
    await user.upload(input, new File(['not a png'], 'fake.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('image must be a JPEG, PNG, WebP, GIF or AVIF picture'),
    );
    expect(within(form).getByLabelText('Cover image URL')).toHaveValue('');
  });

  it('lists every post with its status, edits one keeping its slug, and deletes after a confirming click', async () => {
    const draft = post({ id: 2, title: 'Draft ideas', slug: 'draft-ideas', status: 'draft', publishedAt: null });
    const live = post({ id: 3 });
    const later = post({
      id: 4,
      title: 'Spring planting guide',
      slug: 'spring-planting-guide',
      publishedAt: '2099-05-01T00:00:00.000Z',
    });
    const calls = routeFetch({
      [LIST]: [200, page([draft, live, later])],
      [PREVIEW]: [200, { html: '<h2>Start here</h2>' }],
      'PUT /api/admin/blog-posts/3': [200, live],
      'DELETE /api/admin/blog-posts/2': [200, { message: 'Blog post deleted' }],
    });
    const { host } = renderWithHost(<BlogPanel />);
    expect(within(await rowOf('Draft ideas')).getByText('Draft')).toBeVisible();
    expect(within(await rowOf('Local SEO basics')).getByText('Published')).toBeVisible();
    expect(within(await rowOf('Spring planting guide')).getByText('Scheduled')).toBeVisible();
    expect(screen.getAllByRole('link', { name: /^View on site/ })).toHaveLength(1);
    const view = screen.getByRole('link', { name: 'View on site Local SEO basics (opens in a new tab)' });
    expect(view).toHaveAttribute('href', '/blog/local-seo-basics');
    expect(view).toHaveAttribute('target', '_blank');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Local SEO basics' }));
    const form = screen.getByRole('form', { name: 'Edit blog post' });
    const f = within(form);
    // This post has no cover: its alt text is kept but not asked for.
    expect(f.getByLabelText('Cover alt text')).toHaveValue('A map pin');
    expect(f.getByLabelText('Cover alt text')).not.toBeRequired();
    expect(await within(f.getByRole('region', { name: 'Preview' })).findByRole('heading', { name: 'Start here' }));
    await userEvent.type(f.getByLabelText('Title *'), ' for cafés');
    expect(f.getByLabelText('Slug *')).toHaveValue('local-seo-basics');
    await userEvent.click(f.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calledWith(calls, 'PUT /api/admin/blog-posts/3')).toHaveLength(1));
    expect(calledWith(calls, 'PUT /api/admin/blog-posts/3')[0]!.body).toMatchObject({
      title: 'Local SEO basics for cafés',
      slug: 'local-seo-basics',
      status: 'published',
      publishedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Blog post updated', description: 'Local SEO basics for cafés' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Draft ideas' }));
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete Draft ideas' }));
    await waitFor(() => expect(calledWith(calls, 'DELETE /api/admin/blog-posts/2')).toHaveLength(1));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Blog post deleted', description: 'Draft ideas' });
  });

  it('counts the body as the server does and names the limit before a save fails, and after a 413', async () => {
    const table: Record<string, [number, unknown]> = {
      [LIST]: [200, page([])],
      [PREVIEW]: [200, { html: '<p>Long.</p>' }],
    };
    const calls = routeFetch(table);
    renderWithHost(<BlogPanel />);
    const form = await screen.findByRole('form', { name: 'New blog post' });
    const f = within(form);
    const body = f.getByLabelText('Body (Markdown) *');
    expect(body).toHaveAccessibleDescription(/0 of 200,000 characters$/);
    await userEvent.click(body);
    await userEvent.paste('Café 😀'); // an emoji is one character, as the server counts
    expect(body).toHaveAccessibleDescription(/6 of 200,000 characters$/);

    await userEvent.type(f.getByLabelText('Title *'), 'Long read');
    await userEvent.type(f.getByLabelText('Excerpt *'), 'All of it.');
    await userEvent.type(f.getByLabelText('Category *'), 'Guides');
    fireEvent.change(body, { target: { value: 'é'.repeat(200_001) } });
    expect(body).toHaveAccessibleDescription(/200,001 of 200,000 characters: 1 too many/);
    // The body's count is the form's first live region (the draft's line is the last).
    expect(f.getAllByRole('status')[0]).toHaveTextContent(
      'The body is longer than 200,000 characters: shorten it before saving.',
    );
    await userEvent.click(f.getByRole('button', { name: 'Add blog post' }));
    expect(f.getByRole('alert')).toHaveTextContent(/^Body must be at most 200000 characters\.$/);
    expect(calledWith(calls, CREATE)).toEqual([]);

    // Within the limit, but refused as too large on the way (a proxy's own page, not the API's JSON).
    fireEvent.change(body, { target: { value: 'é'.repeat(200_000) } });
    expect(body).toHaveAccessibleDescription(/200,000 of 200,000 characters(?!:)/);
    expect(f.getAllByRole('status')[0]).toHaveTextContent('');
    table[CREATE] = [413, '<html><body><h1>413 Request Entity Too Large</h1></body></html>'];
    await userEvent.click(f.getByRole('button', { name: 'Add blog post' }));
    await waitFor(() => expect(calledWith(calls, CREATE)).toHaveLength(1));
    expect(await f.findByRole('alert')).toHaveTextContent(
      'The post was too large for the server to accept, so it was not saved. Its body may hold up to 200,000 characters; if it is within that, please tell whoever runs the site.',
    );
  });
});
