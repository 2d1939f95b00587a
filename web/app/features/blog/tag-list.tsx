import { Link } from "react-router";
import { tagLabel, tagPath } from "./paths";

/** TagList links each of a post's tags to its tag page. */
export function TagList({ tags, label = "Tags" }: { tags: readonly string[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={tagPath(tag)}
            className="inline-flex min-h-8 items-center rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {tagLabel(tag)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
