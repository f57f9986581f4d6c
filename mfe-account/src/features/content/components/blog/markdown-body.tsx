import { useRef } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { BLOG_BODY_MAX } from '@agency/contracts';
import { serverErrorText } from '@agency/contracts/client';
import { TextAreaField } from '@agency/contracts/ui';
import { CharacterCount } from '../../../../components/character-count';
import { useBlogPostPreview } from '../../api/preview-blog-post';
import type { PostControl } from './post-form-types';
import { useBodyImages } from './body-image';

/** Headings, lists, links and images of the rendered body, close to the article page's look. */
const previewClass =
  'space-y-3 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-5';

/**
 * The Markdown body beside its live preview, rendered by the server exactly as the site will show it. Images go in
 * by the button, a drop or a paste (body-image.tsx); `setBody` puts the body with the image's Markdown in the form.
 */
export function MarkdownBody({
  control,
  registration,
  error,
  setBody,
}: {
  control: PostControl;
  registration: UseFormRegisterReturn<'body'>;
  error: string | undefined;
  setBody: (body: string) => void;
}) {
  // Watched here, so typing re-renders the body and its preview, not the whole form.
  const body = useWatch({ control, name: 'body' });
  const area = useRef<HTMLTextAreaElement | null>(null);
  // The form's registration, with the body's element kept here too (to insert at the cursor).
  const bodyRegistration = {
    ...registration,
    ref: (el: HTMLTextAreaElement | null) => {
      registration.ref(el);
      area.current = el;
    },
  };
  // At the cursor (or in place of the selection), on a line of its own; at the end when the body was never focused.
  const images = useBodyImages((markdown) => {
    const el = area.current;
    const text = el?.value ?? body;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const before = text.slice(0, start);
    const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const next = `${before}${lead}${markdown}\n\n${text.slice(end).replace(/^\n+/, '')}`;
    setBody(next);
    requestAnimationFrame(() => {
      const caret = before.length + lead.length + markdown.length;
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  });
  const preview = useBlogPostPreview(body);
  const empty = body.trim() === '';
  return (
    <div className="grid gap-3 sm:col-span-2 lg:grid-cols-2">
      <TextAreaField
        label="Body (Markdown)"
        required
        rows={18}
        hint={
          <>
            ## for headings, - for lists, [text](https://...) for links. Add an image with the button below, or drop or
            paste one into the body ({images.rule}); it asks what the image shows.
            <CharacterCount value={body} max={BLOG_BODY_MAX} field="body" />
          </>
        }
        error={error}
        announce={false}
        look="compact"
        controlClass="font-mono"
        {...bodyRegistration}
        {...images.bodyEvents}
      />
      <div className="lg:col-span-2 -mt-1 flex flex-wrap items-center gap-3 lg:order-last">
        {images.button}
        {images.problem && (
          <p role="alert" className="text-sm text-red-700">
            {images.problem}
          </p>
        )}
      </div>
      {images.dialog}
      <section
        aria-label="Preview"
        aria-busy={preview.isFetching}
        className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-white p-4 text-sm"
      >
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Preview</h3>
        {empty ? (
          <p className="text-slate-500">The preview shows here as you type.</p>
        ) : preview.isError ? (
          <p role="alert" className="text-red-700">
            Could not preview: {serverErrorText(preview.error, 'Unknown error')}
          </p>
        ) : preview.data ? (
          // Raw HTML is safe here only because it is the gateway's own rendering, sanitised there exactly as for the
          // public article page: the preview shows nothing the site would not, and needs no second renderer to drift.
          <div className={previewClass} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        ) : (
          <p className="text-slate-500">Loading preview...</p>
        )}
      </section>
    </div>
  );
}
