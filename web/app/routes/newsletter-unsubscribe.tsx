import { NewsletterPage, newsletterPaths } from "~/features/newsletter/newsletter-page";
import { TokenForm } from "~/features/newsletter/token-form";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Unsubscribe",
    description: "Stop receiving the newsletter.",
    url: newsletterPaths.unsubscribe,
  });
}

const UNSUBSCRIBED = "You're unsubscribed. We won't send you the newsletter again.";

function Done() {
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-6">
      <h2 className="text-xl font-semibold text-emerald-900">{UNSUBSCRIBED}</h2>
      <p className="mt-2">
        Changed your mind? Subscribe again with the box at the bottom of this page; we will ask you to
        confirm.
      </p>
    </div>
  );
}

/**
 * UnsubscribePage is where the unsubscribe link of every newsletter email leads. It takes a
 * press of the button (a POST); mail programs can also unsubscribe in one click (RFC 8058)
 * by posting to the API directly. Without JavaScript the button posts the form and the API
 * answers 303 to the unsubscribed page.
 */
export default function UnsubscribePage() {
  return (
    <NewsletterPage title="Unsubscribe" intro="Stop receiving the newsletter with one press of the button.">
      <TokenForm
        action="/api/newsletter/unsubscribe"
        button="Unsubscribe"
        idPrefix="unsubscribe"
        doneText={UNSUBSCRIBED}
        done={<Done />}
        expired={
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-6">
            <h2 className="text-xl font-semibold text-slate-900">This link is not valid</h2>
            <p className="mt-2">
              Please use the unsubscribe link from your most recent newsletter email, or write to us and we
              will remove your address.
            </p>
          </div>
        }
      />
    </NewsletterPage>
  );
}
