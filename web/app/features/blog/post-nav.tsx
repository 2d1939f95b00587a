import { Link } from "react-router";
import { postPath } from "./paths";
import type { PostSummary } from "./types";

type Linked = Pick<PostSummary, "slug" | "title">;

const cardClass =
  "flex h-full flex-col gap-1 rounded-xl border border-slate-200 p-4 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** PostNav links a post to the one published before it and the one published after it. */
export function PostNav({ previous, next }: { previous?: Linked; next?: Linked }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="Previous and next posts" className="mt-12">
      <ul className="grid gap-4 sm:grid-cols-2">
        {previous && (
          <li>
            <Link to={postPath(previous.slug)} rel="prev" className={cardClass}>
              <span className="text-sm text-slate-600">Previous post</span>
              <span className="font-semibold text-indigo-700">{previous.title}</span>
            </Link>
          </li>
        )}
        {next && (
          <li className="sm:col-start-2">
            <Link to={postPath(next.slug)} rel="next" className={`${cardClass} sm:text-right`}>
              <span className="text-sm text-slate-600">Next post</span>
              <span className="font-semibold text-indigo-700">{next.title}</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
