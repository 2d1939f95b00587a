import { Link } from "react-router";
import { NextLinks } from "~/components/ui/next-links";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths } from "~/config/site";
import { seo } from "~/lib/seo";

// The bare /submission-success: where a visitor lands with no reference. Every lesson-plan
// request has its own page below this path (/submission-success/{reference}), which the Go
// server renders: the form opens it after a submission, a plain form post is redirected to
// it, and the email links to it. So this page is static: the same HTML with or without
// JavaScript or a query string, and nothing swapped in after hydration.

export function meta() {
  return seo({
    title: "Your lesson plan",
    description:
      "Every lesson plan request has its own address: open it from the form or from the email we sent you.",
    url: paths.submissionSuccess,
  });
}

const linkClass = "font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline";

/** SubmissionSuccessPage says where a plan lives, and links to the form, home and the blog. */
export default function SubmissionSuccessPage() {
  return (
    <>
      <PageHeader
        title="Your lesson plan"
        intro="Each lesson plan request has its own page, with its reference in the address."
      />
      <PageBody>
        <div className="max-w-3xl space-y-4 text-slate-800">
          <p>
            When you send the lesson plan form, your request opens on its own page straight away, and the
            confirmation email we send you links to that page too. Use that link to come back to it.
          </p>
          <p>
            No plan yet?{" "}
            <Link to={paths.lessonPlan} className={linkClass}>
              Fill in the lesson plan form
            </Link>{" "}
            to get one for your next class — it takes about a minute.
          </p>
        </div>
        <NextLinks plannerLabel="Create a lesson plan" />
      </PageBody>
    </>
  );
}
