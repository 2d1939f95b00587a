import { useSearchParams } from "react-router";
import { useHydrated } from "~/components/form/use-enhanced-form";
import { NewsletterPage, newsletterPaths } from "~/features/newsletter/newsletter-page";
import { TokenForm } from "~/features/newsletter/token-form";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Unsubscribe",
    description: "Stop receiving the newsletter.",
    url: newsletterPaths.unsubscribe,
    index: false,
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
 * by posting to the API directly.
 */
export default function UnsubscribePage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // After a plain form post the API answers 303 to ?done=1.
  const done = hydrated && params.get("done") === "1";
  return (
    <NewsletterPage title="Unsubscribe" intro="Stop receiving the newsletter with one press of the button.">
      <noscript>
        {/* Without JavaScript this page cannot read "?done=1"; the server sends people back
            here only after it has unsubscribed them. */}
        <p className="rounded-md border-l-4 border-emerald-600 bg-emerald-50 p-4">
          Pressed Unsubscribe and came back to this page? It worked: you're unsubscribed.
        </p>
      </noscript>
      {done ? (
        <Done />
      ) : (
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
      )}
    </NewsletterPage>
  );
}
