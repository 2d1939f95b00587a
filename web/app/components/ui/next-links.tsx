import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { paths } from "~/config/site";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700";
const primary = `${linkClass} bg-indigo-700 text-white hover:bg-indigo-800`;
const secondary = `${linkClass} border border-slate-300 bg-white text-slate-900 hover:border-indigo-300 hover:bg-indigo-50`;

/**
 * NextLinks is the "Where to next" row at the end of a confirmation page: back home, the
 * lesson planner (the main action, labelled plannerLabel) and the blog.
 */
export function NextLinks({ plannerLabel }: { plannerLabel: string }) {
  return (
    <nav aria-label="Where to next" className="mt-10 flex flex-wrap gap-3">
      <Link to={paths.home} className={secondary}>
        Back home
      </Link>
      <Link to={paths.lessonPlan} className={primary}>
        {plannerLabel}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
      <Link to={paths.blog} className={secondary}>
        Read the blog
      </Link>
    </nav>
  );
}
