import { Link, useLocation } from "react-router";
import { NextLinks } from "~/components/ui/next-links";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths } from "~/config/site";
import {
  fetchSubmission,
  isSubmission,
  type Lookup,
  REFERENCE,
  recall,
  type Submission,
  summaryItems,
} from "~/features/lesson-plan/submission";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/submission-success";

export function meta() {
  return seo({
    title: "Request received",
    description: "Your lesson plan request has been received. Here is what happens next.",
    url: paths.submissionSuccess,
  });
}

/** SuccessData is what the page shows: a request, or why there is none. */
type SuccessData = Lookup | { kind: "none" } | { kind: "invalid"; reference: string };

function fromHistory(reference: string): Submission | undefined {
  // On a reload the navigation state is still in history; it is only trusted for its own
  // reference.
  const state: unknown = window.history.state?.usr;
  return isSubmission(state) && state.reference === reference ? state : undefined;
}

/**
 * clientLoader finds the request named by ?ref=: the one just submitted (kept in memory or
 * in history), or else it asks GET /api/lesson-plans/{ref}. The page is pre-rendered without
 * a query string, so this runs in the browser only.
 */
export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<SuccessData & { reference?: string }> {
  const reference = new URL(request.url).searchParams.get("ref")?.trim() ?? "";
  if (reference === "") return { kind: "none" };
  if (!REFERENCE.test(reference)) return { kind: "invalid", reference };
  const known = recall(reference) ?? fromHistory(reference);
  if (known) return { kind: "found", submission: known };
  const lookup = await fetchSubmission(reference, request.signal);
  return { ...lookup, reference };
}

function Received({ submission }: { submission: Submission }) {
  const items = summaryItems(submission.summary);
  const email = items.find((i) => i.name === "email")?.value;
  return (
    <>
      <PageHeader title="Request received" intro="Thank you — we have your lesson plan request." />
      <PageBody>
        <div className="max-w-3xl">
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-6">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-emerald-900">Your reference</h2>
            <p className="mt-1 font-mono text-2xl font-bold text-slate-900 break-all" data-testid="reference">
              {submission.reference}
            </p>
            <p className="mt-2 text-sm text-slate-700">Quote it if you write to us about this request.</p>
          </div>

          {items.length > 0 && (
            <section aria-labelledby="summary-title" className="mt-10">
              <h2 id="summary-title" className="text-xl font-semibold text-slate-900">
                What you asked for
              </h2>
              <dl className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
                {items.map((item) => (
                  <div key={item.name} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                    <dt className="font-medium text-slate-700">{item.label}</dt>
                    <dd className="whitespace-pre-line break-words text-slate-900 sm:col-span-2">
                      {item.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          <section aria-labelledby="next-title" className="mt-10">
            <h2 id="next-title" className="text-xl font-semibold text-slate-900">
              What happens next
            </h2>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-slate-800">
              <li>
                We have sent a confirmation {email ? <>to {email}</> : "to your email address"} with this
                reference. If it is not in your inbox in a few minutes, check your spam or junk folder.
              </li>
              <li>Your lesson plan follows by email, built from the details above and ready to adapt.</li>
              <li>Want changes? Reply to that email, or send another request with more detail.</li>
            </ol>
          </section>
          <NextLinks plannerLabel="Create another plan" />
        </div>
      </PageBody>
    </>
  );
}

function NoRequest({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} intro={children} />
      <PageBody>
        <p className="text-slate-800">
          This page confirms a lesson plan request once you have sent one.{" "}
          <Link
            to={paths.lessonPlan}
            className="font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline"
          >
            Fill in the lesson plan form
          </Link>{" "}
          to get a plan for your next class.
        </p>
        <NextLinks plannerLabel="Create another plan" />
      </PageBody>
    </>
  );
}

export default function SubmissionSuccessPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const data = loaderData;
  if (data.kind === "found") return <Received submission={data.submission} />;

  const state: unknown = location.state;
  if (isSubmission(state) && state.reference === data.reference) return <Received submission={state} />;

  switch (data.kind) {
    case "none":
      return (
        <NoRequest title="No request to show">
          You have not sent a lesson plan request from this page.
        </NoRequest>
      );
    case "failed":
      return (
        <NoRequest title="We could not load your request">
          {`We could not look up reference ${data.reference ?? ""} just now. If you have just sent the form, it has arrived: the confirmation email has your reference and a summary. Please reload the page to try again.`}
        </NoRequest>
      );
    default:
      return (
        <NoRequest title="Request not found">
          {`We have no lesson plan request with the reference ${data.reference ?? ""}. Check the link, or send a new request.`}
        </NoRequest>
      );
  }
}

/**
 * HydrateFallback is the pre-rendered HTML of this page (it is built without a query
 * string), shown until clientLoader has run. Without JavaScript nobody is sent here: a plain
 * form post lands on this path followed by /{reference}, which the server renders, and the
 * confirmation email links there too.
 */
export function HydrateFallback() {
  return (
    <>
      <PageHeader title="Your lesson plan request" intro="Loading..." />
      <PageBody>
        <noscript>
          <p className="max-w-3xl text-slate-800">
            JavaScript is turned off, so this page cannot look up a request. The confirmation email we sent
            you links to your request's own page, which works without it.
          </p>
        </noscript>
        <NextLinks plannerLabel="Create another plan" />
      </PageBody>
    </>
  );
}
