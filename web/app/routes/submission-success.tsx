import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths } from "~/config/site";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Request received",
    description: "Your lesson plan request has been received. Here is what happens next.",
    url: paths.submissionSuccess,
  });
}

export default function SubmissionSuccessPage() {
  return (
    <>
      <PageHeader
        title="Request received"
        intro="Thank you — your lesson plan request is on its way to us."
      />
      <PageBody>
        <p className="text-slate-700">We will email your lesson plan to the address you gave.</p>
      </PageBody>
    </>
  );
}
