import { NewsletterPage, newsletterPaths } from "~/features/newsletter/newsletter-page";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Check your inbox",
    description: "Confirm your newsletter subscription with the link we have emailed you.",
    url: newsletterPaths.checkEmail,
  });
}

/** CheckEmailPage is where a subscription sent without JavaScript lands (303 from the API). */
export default function CheckEmailPage() {
  return (
    <NewsletterPage title="Check your inbox" intro="Thanks! Check your inbox to confirm your subscription.">
      <p>
        We have sent a message to the address you gave. Open it and press the link to confirm — the newsletter
        only starts once you do, so nobody can sign you up without your say.
      </p>
      <p>
        Nothing after a few minutes? Look in your spam or junk folder, or subscribe again from the box at the
        bottom of any page.
      </p>
    </NewsletterPage>
  );
}
