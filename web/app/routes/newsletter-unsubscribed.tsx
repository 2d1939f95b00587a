import { NewsletterPage, newsletterPaths } from "~/features/newsletter/newsletter-page";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "You're unsubscribed",
    description: "Your address has been removed from the newsletter.",
    url: newsletterPaths.unsubscribed,
  });
}

/**
 * UnsubscribedPage is where an unsubscribe sent without JavaScript lands (303 from the API).
 * With JavaScript, the unsubscribe page says the same in place.
 */
export default function UnsubscribedPage() {
  return (
    <NewsletterPage
      title="You're unsubscribed"
      intro="You're unsubscribed. We won't send you the newsletter again."
    >
      <p>
        Your address is off the newsletter list, and it stays off: no newsletter email reaches it unless you
        subscribe again yourself. Messages about a lesson plan request or a message you sent us still arrive,
        as they answer something you asked for.
      </p>
      <p>
        Changed your mind? Subscribe again with the box at the bottom of this page. We will email you a link
        to confirm, so nobody else can sign you up.
      </p>
    </NewsletterPage>
  );
}
