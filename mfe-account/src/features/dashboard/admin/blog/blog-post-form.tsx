import { useState } from 'react';
import { useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import {
  BLOG_BODY_MAX,
  BLOG_POST_STATUSES,
  BlogPostInputSchema,
  slugify,
  type BlogPost,
  type BlogPostInput,
} from '@agency/contracts';
import {
  errorAt,
  fieldsOf,
  Options,
  payloadResolver,
  SelectField,
  TextAreaField,
  TextField,
} from '@agency/contracts/ui';
import { PendingButton } from '../../../../components/pending-button';
import { FormProblems, useStaffSave } from '../../../../lib/staff-form';
import { useSaveBlogPost } from '../../api/save-blog-post';
import { CoverFields } from './cover-fields';
import { FaqFields } from './faq-fields';
import { MarkdownBody } from './markdown-body';
import { fromLocalInput, postState, shownDateTime, toLocalInput } from './post-dates';

const STATUS_LABELS = { draft: 'Draft', published: 'Published' };

/** A post as its form holds it: the cover's URL as typed, the publish date as the date-time box shows it. */
export type PostValues = Omit<BlogPostInput, 'imageUrl' | 'publishedAt'> & { imageUrl: string; publishedAt: string };
export type PostControl = Control<PostValues, unknown, BlogPostInput>;
export type PostForm = UseFormReturn<PostValues, unknown, BlogPostInput>;
/** A field's frame and registration in the post form (its `fieldsOf`). */
export type PostField = ReturnType<typeof fieldsOf<PostValues, BlogPostInput>>;

const readPost = (values: PostValues) => ({
  ...values,
  imageUrl: values.imageUrl.trim() || null,
  publishedAt: fromLocalInput(values.publishedAt),
});

const startFrom = (post: BlogPost | null): PostValues => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  excerpt: post?.excerpt ?? '',
  body: post?.body ?? '',
  imageUrl: post?.imageUrl ?? '',
  imageAlt: post?.imageAlt ?? '',
  category: post?.category ?? '',
  status: post?.status ?? 'draft',
  publishedAt: toLocalInput(post?.publishedAt),
  faq: post?.faq ?? [],
});

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
  const form = useForm<PostValues, unknown, BlogPostInput>({
    resolver: payloadResolver(BlogPostInputSchema, readPost),
    defaultValues: startFrom(post),
  });
  const { register, setValue, control, formState } = form;
  const errors = formState.errors;
  // A stored post keeps its address when retitled: links to it are already out there.
  const [slugTyped, setSlugTyped] = useState(post !== null);
  const [slug, status, publishAt] = useWatch({ control, name: ['slug', 'status', 'publishedAt'] });
  const submit = useStaffSave(form, {
    save: async (data) => {
      await save.mutateAsync({ id: post?.id, post: data });
      onDone();
    },
    saved: (data) => ({ title: post ? 'Blog post updated' : 'Blog post added', description: data.title }),
    failure: 'Could not save the blog post',
    tooLarge: `The post was too large for the server to accept, so it was not saved. Its body may hold up to ${BLOG_BODY_MAX.toLocaleString('en-NZ')} characters; if it is within that, please tell whoever runs the site.`,
  });
  const field = fieldsOf(form, { announce: false, look: 'compact' });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={post ? 'Edit blog post' : 'New blog post'}
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <TextField
        label="Title"
        required
        {...field('title', {
          onChange: (e: { target: { value: string } }) => {
            if (!slugTyped) setValue('slug', slugify(e.target.value));
          },
        })}
      />
      <TextField
        label="Slug"
        required
        hint={`The post's address: /blog/${slug || '...'}`}
        controlClass="font-mono"
        {...field('slug', { onChange: () => setSlugTyped(true) })}
      />
      <TextAreaField
        label="Excerpt"
        required
        rows={2}
        hint="One or two sentences for the blog list and search results."
        className="sm:col-span-2"
        {...field('excerpt')}
      />
      <CoverFields form={form} field={field} />
      <MarkdownBody control={control} error={errorAt(errors, 'body')} registration={register('body')} />
      <TextField label="Category" required {...field('category')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Status" {...field('status')}>
          <Options values={BLOG_POST_STATUSES} labels={STATUS_LABELS} />
        </SelectField>
        <TextField
          label="Publish date"
          type="datetime-local"
          hint={publishNote(status, publishAt)}
          {...field('publishedAt')}
        />
      </div>
      <FaqFields form={form} field={field} />
      <FormProblems errors={errors} className="sm:col-span-2" />
      <div className="flex gap-2 sm:col-span-2">
        <PendingButton pending={formState.isSubmitting} pendingLabel="Saving..." wide={false}>
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
