import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths } from "~/config/site";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Page not found",
    description:
      "The page you were looking for does not exist. Find your way back to lesson planning, the blog or our team.",
    url: paths.notFound,
  });
}

const destinations = [
  { to: paths.home, label: "Home page", text: "See what the AI teaching assistant can do for you." },
  { to: paths.lessonPlan, label: "Lesson planner", text: "Create a lesson plan for your next class." },
  { to: paths.blog, label: "Blog", text: "Practical ideas for planning, grading and feedback." },
  { to: paths.contact, label: "Contact us", text: "Tell us what you were looking for." },
];

/** NotFoundPage is pre-rendered at paths.notFound (served with status 404) and matches every unknown path. */
export default function NotFoundPage() {
  return (
    <>
      <PageHeader
        title="Page not found"
        intro="Sorry — we could not find that page. It may have moved, or the address may be mistyped."
      />
      <PageBody>
        <h2 className="text-xl font-semibold text-slate-900">Where would you like to go?</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {destinations.map((d) => (
            <li key={d.to}>
              <Link
                to={d.to}
                className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300 hover:bg-indigo-50"
              >
                <span className="inline-flex items-center gap-2 font-semibold text-indigo-700">
                  {d.label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </span>
                <span className="mt-1 text-slate-700">{d.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageBody>
    </>
  );
}
