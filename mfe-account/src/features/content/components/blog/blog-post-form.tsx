import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  BLOG_BODY_MAX,
  BLOG_POST_STATUS_LABELS,
  BLOG_POST_STATUSES,
  BlogPostInputSchema,
  slugify,
  type BlogPost,
  type BlogPostInput,
  type Draft,
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
import { LeaveGuard } from '../../../../components/leave-guard';
import { PendingButton } from '../../../../components/pending-button';
import { FormProblems, useStaffSave } from '../../../../lib/staff-form';
import { useDraft } from '../../../../lib/use-draft';
import { DraftNotice } from '../draft-notice';
import { useSaveBlogPost } from '../../api/save-blog-post';
import { CoverFields } from './cover-fields';
import { FaqFields } from './faq-fields';
import { MarkdownBody } from './markdown-body';
import { shownDateTime } from '../../../../lib/shown-date-time';
import { fromLocalInput, postState, toLocalInput } from './post-dates';
import type { PostValues } from './post-form-types';

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

/**
 * Writes one post, or edits `post`. Its slug follows the title until typed in (an existing post keeps its own).
 * Unsaved changes are kept as a draft on the server (`draft`, when it opens with one) and asked about before leaving;
 * a save stays on the post (`onSaved` hands it to the panel).
 */
export function BlogPostForm({
  post,
  draft,
  onSaved,
  onClose,
}: {
  post: BlogPost | null;
  draft: Draft | undefined;
  onSaved: (post: BlogPost) => void;
  onClose: () => void;
}) {
  const save = useSaveBlogPost();
  const [baseline] = useState(() => startFrom(post));
  const form = useForm<PostValues, unknown, BlogPostInput>({
    resolver: payloadResolver(BlogPostInputSchema, readPost),
    defaultValues: baseline,
  });
  const { register, setValue, control, formState } = form;
  const errors = formState.errors;
  const drafted = useDraft(form, 'blog-posts', post?.id ?? 0, baseline, draft);
  // A stored post keeps its address when retitled: links to it are already out there.
  const [slugTyped, setSlugTyped] = useState(post !== null || Boolean(draft?.values.slug));
  const [slug, status, publishAt] = useWatch({ control, name: ['slug', 'status', 'publishedAt'] });
  const submit = useStaffSave(form, {
    save: async (data) => {
      const stored = await save.mutateAsync({ id: post?.id, post: data });
      await drafted.saved(startFrom(stored));
      onSaved(stored);
      return stored;
    },
    after: (stored) => startFrom(stored),
    saved: (data) => ({ title: post ? 'Blog post updated' : 'Blog post added', description: data.title }),
    failure: 'Could not save the blog post',
    offline:
      'You are offline, so the post was not saved yet. It is saved as soon as the connection is back; your changes stay here meanwhile.',
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
      <MarkdownBody
        control={control}
        error={errorAt(errors, 'body')}
        registration={register('body')}
        setBody={(body) => setValue('body', body, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
      />
      <TextField label="Category" required {...field('category')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Status" {...field('status')}>
          <Options values={BLOG_POST_STATUSES} labels={BLOG_POST_STATUS_LABELS} />
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
      <DraftNotice
        draft={draft}
        status={drafted.status}
        dirty={formState.isDirty}
        onDiscard={() => void drafted.discard()}
        onLoadNewer={drafted.loadNewer}
        onKeepMine={drafted.keepMine}
        className="sm:col-span-2"
      />
      <div className="flex gap-2 sm:col-span-2">
        <PendingButton pending={formState.isSubmitting} pendingLabel="Saving..." wide={false}>
          {post ? 'Save changes' : 'Add blog post'}
        </PendingButton>
        {post && (
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
          >
            Close
          </button>
        )}
      </div>
      <LeaveGuard when={formState.isDirty} what={post ? 'this post' : 'the new post'} />
    </form>
  );
}
