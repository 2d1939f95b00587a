import { Link } from "react-router";
import { NextLinks } from "~/components/ui/next-links";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { paths, site } from "~/config/site";
import { RESPONSE_TIME, SENT } from "~/features/contact/contact-form";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Message sent",
    description: "Your message has reached our team. Here is what happens next.",
    url: paths.contactSent,
  });
}

const textLink = "font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline";

/**
 * ContactSentPage confirms a message sent from the contact page without JavaScript: the server
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
        <NextLinks plannerLabel="Try the lesson planner" />
      </PageBody>
    </>
  );
}
