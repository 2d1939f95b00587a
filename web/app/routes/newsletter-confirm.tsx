import { NewsletterPage, newsletterPaths } from "~/features/newsletter/newsletter-page";
import { TokenForm } from "~/features/newsletter/token-form";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Confirm your subscription",
    description: "Confirm your subscription to the newsletter.",
    url: newsletterPaths.confirm,
  });
}

/**
 * ConfirmPage is where the link in the confirmation email leads. Confirming takes a press of
 * the button (a POST), so an email scanner that opens the link confirms nothing.
 */
export default function ConfirmPage() {
  return (
    <NewsletterPage
      title="Confirm your subscription"
      intro="One last step: press the button to start receiving the newsletter."
    >
      <p>We ask for the press because some email programs open links by themselves to check them.</p>
      <TokenForm
        action="/api/newsletter/confirm"
        button="Confirm subscription"
        idPrefix="confirm"
        doneText="You're subscribed. Thank you!"
        done={
          <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-6">
            <h2 className="text-xl font-semibold text-emerald-900">You're subscribed. Thank you!</h2>
            <p className="mt-2">
              Expect teaching ideas and product news about once a month. Every email has an unsubscribe link.
            </p>
          </div>
        }
        expired={
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-6">
            <h2 className="text-xl font-semibold text-slate-900">This link has expired or is not valid</h2>
            <p className="mt-2">
              Confirmation links work for a limited time, and only the newest one counts. Subscribe again with
              the box at the bottom of this page to get a fresh link.
            </p>
          </div>
        }
      />
    </NewsletterPage>
  );
}
