import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { ArticleView } from '@/components/posts/article-view';
import { findPublishedPost, postDescription, publicPostPath } from '@/lib/posts/public-posts';
import { absoluteUrl } from '@/lib/app-url';

// Never cached: an unpublished article must disappear at once.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

const PUBLIC_ID = /^[A-Za-z0-9_-]{8,64}$/;

const loadPost = cache(async (id: string) => (PUBLIC_ID.test(id) ? findPublishedPost(await getDb(), id) : null));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const post = await loadPost(id);
  if (!post) return { robots: { index: false } };
  const description = postDescription(post);
  const url = absoluteUrl(publicPostPath(post.publicId));
  const images = post.coverUrl ? [{ url: absoluteUrl(post.coverUrl), width: 1200, height: 630, alt: post.title }] : undefined;
  return {
    // An absolute title: the article's own name, not "… · StarLoop".
    title: { absolute: `${post.title} · ${post.merchantName}` },
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      url,
      title: post.title,
      description,
      siteName: post.merchantName,
      locale: post.locale.replace('-', '_'),
      publishedTime: post.publishedAt.toISOString(),
      modifiedTime: post.updatedAt.toISOString(),
      images,
    },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: post.title, description, images: images?.map((i) => i.url) },
  };
}

/** A published article at its public address; drafts and unknown ids answer the not-found page. */
export default async function PublicPostPage({ params }: Props) {
  const { id } = await params;
  const post = await loadPost(id);
  if (!post) notFound();
  return (
    <ArticleView
      className="min-h-screen"
      title={post.title}
      summary={post.summary}
      coverUrl={post.coverUrl}
      body={post.body}
      locale={post.locale}
      publishedAt={post.publishedAt}
      merchantName={post.merchantName}
    />
  );
}
