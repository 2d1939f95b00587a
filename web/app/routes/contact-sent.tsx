import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths, site } from "~/config/site";
import { RESPONSE_TIME, SENT } from "~/features/contact/contact-form";
import { seo } from "~/lib/seo";

/** contactSentPath is where a message sent without JavaScript lands (303 from the API). */
const contactSentPath = "/contact/sent";

export function meta() {
  return seo({
    title: "Message sent",
    description: "Your message has reached our team. Here is what happens next.",
    url: contactSentPath,
    index: false,
  });
}

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700";
const primary = `${linkClass} bg-indigo-700 text-white hover:bg-indigo-800`;
const secondary = `${linkClass} border border-slate-300 bg-white text-slate-900 hover:border-indigo-300 hover:bg-indigo-50`;
const textLink = "font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline";

/**
 * ContactSentPage confirms a message sent from /contact without JavaScript: the server
 * stores it and answers 303 here. (With JavaScript the form confirms in place.) It is a
 * static page: it shows nothing of the message itself.
 */
export default function ContactSentPage() {
  return (
    <>
      <PageHeader title="Message sent" intro={SENT} />
      <PageBody className="max-w-3xl">
        <section aria-labelledby="contact-next-title">
          <h2 id="contact-next-title" className="text-xl font-semibold text-slate-900">
            What happens next
          </h2>
          <ol className="mt-4 list-decimal space-y-3 pl-5 text-slate-800">
            <li>
              We have emailed you a copy of your message. If it is not in your inbox in a few minutes, check
              your spam or junk folder.
            </li>
            <li>
              Someone from the team reads it and replies {RESPONSE_TIME}, from{" "}
              <a href={`mailto:${site.contactEmail}`} className={textLink}>
                {site.contactEmail}
              </a>
              .
            </li>
            <li>
              Forgot something? Reply to our email, or{" "}
              <Link to={paths.contact} className={textLink}>
                send another message
              </Link>
              .
            </li>
          </ol>
        </section>
        <nav aria-label="Where to next" className="mt-10 flex flex-wrap gap-3">
          <Link to={paths.home} className={secondary}>
            Back home
          </Link>
          <Link to={paths.lessonPlan} className={primary}>
            Try the lesson planner
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <Link to={paths.blog} className={secondary}>
            Read the blog
          </Link>
        </nav>
      </PageBody>
    </>
  );
}
