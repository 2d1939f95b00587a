import { NewsletterPage, newsletterPaths } from "~/features/newsletter/newsletter-page";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Subscription confirmed",
    description: "Your newsletter subscription is confirmed.",
    url: newsletterPaths.confirmed,
  });
}

/** ConfirmedPage is where a confirmation sent without JavaScript lands (303 from the API). */
export default function ConfirmedPage() {
  return (
    <NewsletterPage title="Subscription confirmed" intro="You're subscribed. Thank you!">
      <p>
        Expect teaching ideas and product news about once a month. Every email has an unsubscribe link at the
        bottom, so you can stop at any time with one click.
      </p>
    </NewsletterPage>
  );
}
