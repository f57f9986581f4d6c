import { useLocation } from '@agency/contracts/router';
import { slugOfPath } from '@agency/contracts';
import { ArticleView } from '../../components/article-view';
import { ContentStatus } from '../../components/content-status';
import { Breadcrumb } from '../../components/layout';
import { MoreGuides } from '../../components/links';
import { usePageData } from '../../components/use-page-data';

/** /blog/<slug>: one published post on its own page (the gateway answers an unknown or draft slug 404). */
export function BlogPostPage() {
  // From the path, not useParams: the router facade the shell shares need not grow for it.
  const state = usePageData(`blog-post/${slugOfPath(useLocation().pathname)}`);
  const post = state.status === 'ready' ? state.data : null;

  if (!post)
    return <ContentStatus state={state as Exclude<typeof state, { status: 'ready' }>} missing="Post not found" />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {post.preview && (
        // Staff opened a preview link: the page must not pass for what visitors see.
        <p
          role="note"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
        >
          {post.preview === 'draft'
            ? 'Preview - not published. This link works for a day for anyone who has it: share it only with people who may see the draft.'
            : 'Preview - this post is published; this is its saved version.'}
        </p>
      )}
      <Breadcrumb trail={[['Home', '/'], ['Blog', '/blog'], [post.title]]} />
      <div className="mt-6">
        <ArticleView post={post} standalone />
      </div>
      <MoreGuides />
    </div>
  );
}
