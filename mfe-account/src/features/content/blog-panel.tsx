import { useCallback, useEffect, useRef, useState } from 'react';
import type { BlogPost } from '@agency/contracts';
import { ConfirmButton } from '../../components/confirm-button';
import { ItemRow, rowActionClass } from '../../components/item-row';
import { Loading, Pager, QueryView } from '../../components/query-view';
import { useToastedCall } from '../../lib/use-toasted-call';
import { useDeleteBlogPost } from './api/delete-blog-post';
import { useDrafts } from '../../lib/drafts';
import { getBlogPost, useBlogPosts } from './api/get-blog-posts';
import { BlogPostForm } from './components/blog/blog-post-form';
import { PreviewButton } from './components/blog/preview-button';
import { shownDateTime } from '../../lib/shown-date-time';
import { postState, type PostState } from './components/blog/post-dates';

const STATE_CLASS: Record<PostState, string> = {
  Draft: 'bg-slate-200 text-slate-800',
  Published: 'bg-green-100 text-green-800',
  Scheduled: 'bg-amber-100 text-amber-900',
};

function PostDetail({ post, state }: { post: BlogPost; state: PostState }) {
  return (
    <>
      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[state]}`}>{state}</span>
      {post.publishedAt && (
        <>
          {' '}
          <time dateTime={post.publishedAt}>{shownDateTime(post.publishedAt)}</time>
        </>
      )}
      {` · ${post.category}`}
    </>
  );
}

/**
 * Staff write the blog: every post (drafts and scheduled ones too) and the form for a new one or the one edited.
 * Coming back (another tab, a reload) reopens the post of the newest unsaved draft, with the draft in it.
 */
export function BlogPanel({
  openPost = null,
  onOpenPost = () => undefined,
}: {
  /** The post being edited, from the address (decision 0101); null: the new-post form. */
  openPost?: number | null;
  onOpenPost?: (id: number | null) => void;
} = {}) {
  const [page, setPage] = useState(1);
  const [editing, setEditingPost] = useState<BlogPost | null>(null);
  const setEditing = useCallback(
    (post: BlogPost | null) => {
      setEditingPost(post);
      if ((post?.id ?? null) !== openPost) onOpenPost(post?.id ?? null);
    },
    [openPost, onOpenPost],
  );
  // The address names a post (a reload, Back, a link): open it; none: the new-post form. Only when the address
  // changes: the post being edited is read, not followed (it changes a render before the address does).
  const editingId = useRef<number | null>(null);
  editingId.current = editing?.id ?? null;
  useEffect(() => {
    if (openPost === null) setEditingPost(null);
    else if (editingId.current !== openPost) getBlogPost(openPost).then(setEditingPost, () => undefined);
  }, [openPost]);
  const [formKey, setFormKey] = useState(0);
  const posts = useBlogPosts(page);
  const drafts = useDrafts();
  const reopened = useRef(false);
  useEffect(() => {
    if (reopened.current || !drafts.data) return;
    reopened.current = true;
    if (openPost !== null) return; // the address says which post
    const newest = drafts.data.items.find((d) => d.kind === 'blog-posts');
    // A draft of a post deleted meanwhile is left alone: the new-post form stays.
    if (newest && newest.itemId > 0) getBlogPost(newest.itemId).then(setEditing, () => undefined);
  }, [drafts.data, openPost, setEditing]);
  const draftOf = (id: number) => drafts.data?.items.find((d) => d.kind === 'blog-posts' && d.itemId === id);
  const deletePost = useDeleteBlogPost();
  const toasted = useToastedCall();
  const formHeading = useRef<HTMLHeadingElement>(null);
  // The form sits under the list: Edit takes the reader (and keyboard focus) to it.
  useEffect(() => {
    if (editing) formHeading.current?.focus();
  }, [editing]);
  const done = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const remove = async (post: BlogPost) => {
    const deleted = await toasted(
      () => deletePost.mutateAsync(post.id),
      { title: 'Blog post deleted', description: post.title },
      { title: 'Delete failed', fallback: 'Could not delete the blog post' },
    );
    if (deleted && editing?.id === post.id) done();
  };
  return (
    <div className="space-y-8">
      <section aria-labelledby="blog-posts-heading">
        <h2 id="blog-posts-heading" className="mb-4 text-xl font-bold">
          Blog posts
        </h2>
        <QueryView query={posts}>
          {(data) => (
            <>
              {data.total === 0 ? (
                <p className="text-slate-600">No posts yet.</p>
              ) : (
                <ul className="divide-y rounded-xl border border-slate-200">
                  {data.items.map((post) => {
                    const state = postState(post);
                    return (
                      <ItemRow key={post.id} name={post.title} detail={<PostDetail post={post} state={state} />}>
                        {state === 'Published' ? (
                          <a
                            href={`/blog/${post.slug}`}
                            target="_blank"
                            rel="noopener noreferrer"
                            className={rowActionClass}
                          >
                            View on site <span className="sr-only">{post.title} (opens in a new tab)</span>
                          </a>
                        ) : (
                          <PreviewButton id={post.id} title={post.title} />
                        )}
                        <button type="button" onClick={() => setEditing(post)} className={rowActionClass}>
                          Edit <span className="sr-only">{post.title}</span>
                        </button>
                        <ConfirmButton label="Delete" name={post.title} onConfirm={() => remove(post)} />
                      </ItemRow>
                    );
                  })}
                </ul>
              )}
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )}
        </QueryView>
      </section>
      <section aria-labelledby="blog-form-heading">
        <h2 id="blog-form-heading" ref={formHeading} tabIndex={-1} className="mb-4 text-xl font-bold">
          {editing ? `Edit “${editing.title}”` : 'New blog post'}
        </h2>
        {drafts.isPending ? (
          <Loading />
        ) : (
          <BlogPostForm
            key={editing ? `edit-${editing.id}` : `new-${formKey}`}
            post={editing}
            draft={draftOf(editing?.id ?? 0)}
            onSaved={setEditing}
            onClose={done}
          />
        )}
      </section>
    </div>
  );
}
