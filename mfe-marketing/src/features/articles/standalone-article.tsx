import type { ReactNode } from 'react';
import { STANDALONE_ARTICLES } from '@agency/contracts';
import { ArticleView } from '../../components/article-view';
import { ContentStatus } from '../../components/content-status';
import { usePageData } from '../../components/use-page-data';

/** The post one of the spec's stand-alone article pages shows (by its fixed slug), in the page's own frame. */
export function StandaloneArticle({
  path,
  children,
}: {
  path: keyof typeof STANDALONE_ARTICLES;
  children: (article: ReactNode) => ReactNode;
}) {
  const state = usePageData(`blog-post/${STANDALONE_ARTICLES[path]}`);
  if (state.status !== 'ready') return <ContentStatus state={state} missing="Article not found" />;
  return <>{children(<ArticleView post={state.data} standalone />)}</>;
}
