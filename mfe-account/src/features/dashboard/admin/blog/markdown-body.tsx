import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { BLOG_BODY_MAX } from '@agency/contracts';
import { serverErrorText } from '@agency/contracts/client';
import { TextAreaField } from '@agency/contracts/ui';
import { CharacterCount } from '../../../../components/character-count';
import { useBlogPostPreview } from '../../api/preview-blog-post';
import type { PostControl } from './blog-post-form';

/** Headings, lists, links and images of the rendered body, close to the article page's look. */
const previewClass =
  'space-y-3 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-w-full [&_img]:rounded [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-5';

/** The Markdown body beside its live preview, rendered by the server exactly as the site will show it. */
export function MarkdownBody({
  control,
  registration,
  error,
}: {
  control: PostControl;
  registration: UseFormRegisterReturn<'body'>;
  error: string | undefined;
}) {
  // Watched here, so typing re-renders the body and its preview, not the whole form.
  const body = useWatch({ control, name: 'body' });
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
            ## for headings, - for lists, [text](https://...) for links, ![alt](/content-images/...) for an uploaded
            image.
            <CharacterCount value={body} max={BLOG_BODY_MAX} field="body" />
          </>
        }
        error={error}
        announce={false}
        look="compact"
        controlClass="font-mono"
        {...registration}
      />
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
