import { useState } from 'react';
import { BLOG_BODY_MAX, BLOG_POST_STATUSES, BlogPostInputSchema, slugify, type BlogPost } from '@agency/contracts';
import { compactInputClass, Field, TextAreaField, useFieldNotes } from '../../../../components/field';
import { Options } from '../../../../components/options';
import { PendingButton } from '../../../../components/pending-button';
import { useCheckedForm } from '../../../../lib/use-checked-form';
import { useSaveBlogPost } from '../../api/save-blog-post';
import { CoverFields } from './cover-fields';
import { FaqFields } from './faq-fields';
import { MarkdownBody } from './markdown-body';
import { fromLocalInput, postState, shownDateTime, toLocalInput } from './post-dates';

const STATUS_LABELS = { draft: 'Draft', published: 'Published' };

function readPost(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  const answers = form.getAll('faqAnswer').map(String);
  return {
    title: text('title'),
    slug: text('slug'),
    excerpt: text('excerpt'),
    body: text('body'),
    imageUrl: text('imageUrl').trim() || null,
    imageAlt: text('imageAlt'),
    category: text('category'),
    status: text('status'),
    publishedAt: fromLocalInput(text('publishedAt')),
    faq: form.getAll('faqQuestion').map((question, i) => ({ question: String(question), answer: answers[i] ?? '' })),
  };
}

/** When a published post goes live, as the form stands: a date ahead schedules it. */
function publishNote(status: string, publishAt: string): string {
  if (status !== 'published') return 'A draft is not on the site, whatever its date.';
  const at = fromLocalInput(publishAt);
  if (at === null) return 'Empty: goes live when saved.';
  const scheduled = postState({ status: 'published', publishedAt: at }) === 'Scheduled';
  return scheduled ? `Scheduled: goes live on ${shownDateTime(at)}.` : 'Live on the site from this date.';
}

/** Writes one post, or edits `post`. Its slug follows the title until typed in (an existing post keeps its own). */
export function BlogPostForm({ post, onDone }: { post: BlogPost | null; onDone: () => void }) {
  const save = useSaveBlogPost();
  const [title, setTitle] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  // A stored post keeps its address when retitled: links to it are already out there.
  const [slugTyped, setSlugTyped] = useState(post !== null);
  const [status, setStatus] = useState<string>(post?.status ?? 'draft');
  const [publishAt, setPublishAt] = useState(toLocalInput(post?.publishedAt));
  const { error, fieldErrors, onSubmit } = useCheckedForm({
    schema: BlogPostInputSchema,
    read: readPost,
    save: async (data) => {
      await save.mutateAsync({ id: post?.id, post: data });
      onDone();
    },
    saved: (data) => ({ title: post ? 'Blog post updated' : 'Blog post added', description: data.title }),
    failure: 'Could not save the blog post',
    tooLarge: `The post was too large for the server to accept, so it was not saved. Its body may hold up to ${BLOG_BODY_MAX.toLocaleString('en-NZ')} characters; if it is within that, please tell whoever runs the site.`,
  });
  const statusNotes = useFieldNotes({ error: fieldErrors.status });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={post ? 'Edit blog post' : 'New blog post'}
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <Field
        label="Title *"
        name="title"
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          if (!slugTyped) setSlug(slugify(e.target.value));
        }}
        error={fieldErrors.title}
        className={compactInputClass}
      />
      <Field
        label="Slug *"
        name="slug"
        value={slug}
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugTyped(true);
        }}
        hint={`The post's address: /blog/${slug || '...'}`}
        error={fieldErrors.slug}
        className={`${compactInputClass} font-mono`}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Excerpt *"
          name="excerpt"
          defaultValue={post?.excerpt}
          rows={2}
          hint="One or two sentences for the blog list and search results."
          error={fieldErrors.excerpt}
        />
      </div>
      <CoverFields url={post?.imageUrl ?? null} alt={post?.imageAlt ?? ''} errors={fieldErrors} />
      <MarkdownBody body={post?.body ?? ''} error={fieldErrors.body} />
      <Field
        label="Category *"
        name="category"
        defaultValue={post?.category}
        error={fieldErrors.category}
        className={compactInputClass}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="text-sm">
          <label className="block font-medium text-slate-800">
            Status
            <select
              name="status"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              className={compactInputClass}
              {...statusNotes.describe}
            >
              <Options values={BLOG_POST_STATUSES} labels={STATUS_LABELS} />
            </select>
          </label>
          {statusNotes.notes}
        </div>
        <Field
          label="Publish date"
          name="publishedAt"
          type="datetime-local"
          value={publishAt}
          onChange={(e) => setPublishAt(e.target.value)}
          required={false}
          hint={publishNote(status, publishAt)}
          error={fieldErrors.publishedAt}
          className={compactInputClass}
        />
      </div>
      <FaqFields faq={post?.faq ?? []} errors={fieldErrors} />
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <PendingButton pending={save.isPending} pendingLabel="Saving..." wide={false}>
          {post ? 'Save changes' : 'Add blog post'}
        </PendingButton>
        {post && (
          <button type="button" onClick={onDone} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold">
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
