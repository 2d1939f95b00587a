// Which posts a post links to: its neighbours in time and the posts sharing its tags.
import type { PostSummary } from "./types";

/** Neighbours are the posts published just before (older) and just after (newer) a post. */
export interface Neighbours<T> {
  previous?: T;
  next?: T;
}

/** neighbours finds a post's older and newer neighbour in a newest-first list. */
export function neighbours<T extends { slug: string }>(
  newestFirst: readonly T[],
  slug: string,
): Neighbours<T> {
  const index = newestFirst.findIndex((post) => post.slug === slug);
  if (index < 0) return {};
  return { previous: newestFirst[index + 1], next: index > 0 ? newestFirst[index - 1] : undefined };
}

/**
 * relatedPosts picks up to limit other posts sharing a tag with post: the most shared tags
 * first, then the newest.
 */
export function relatedPosts<T extends Pick<PostSummary, "slug" | "tags" | "date">>(
  newestFirst: readonly T[],
  post: Pick<PostSummary, "slug" | "tags">,
  limit = 3,
): T[] {
  return newestFirst
    .filter((other) => other.slug !== post.slug)
    .map((other) => ({ other, shared: other.tags.filter((tag) => post.tags.includes(tag)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || b.other.date.localeCompare(a.other.date))
    .slice(0, limit)
    .map(({ other }) => other);
}
