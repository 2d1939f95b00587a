import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { StatusMessages, SubmitButton } from "~/components/form/form-feedback";
import { postJson } from "~/components/form/submit";
import { type FormStatus, useHydrated } from "~/components/form/use-enhanced-form";

/** TOKEN is what a token can look like (URL-safe text); anything else is not sent. */
const TOKEN = /^[A-Za-z0-9_.~-]{1,512}$/;

export interface TokenFormProps {
  /** action is the API URL the token is posted to (JSON, or a plain form post). */
  action: "/api/newsletter/confirm" | "/api/newsletter/unsubscribe";
  /** button is the submit button's text. */
  button: string;
  /** done is shown in place once the API has accepted the token. */
  done: ReactNode;
  /** doneText is announced to screen readers when done. */
  doneText: string;
  /** expired explains a link the API does not know (404) or no longer honours (410). */
  expired: ReactNode;
  idPrefix: string;
}

/**
 * TokenForm is the one-button form of the newsletter's confirm and unsubscribe pages. The
 * token comes from the link in the email (?token=…). The button is a POST, so link scanners
 * that fetch the URL change nothing. The page is pre-rendered, so the token is put into the
 * form once JavaScript runs; without JavaScript, a visible field asks for the code instead.
 */
export function TokenForm({ action, button, done, doneText, expired, idPrefix }: TokenFormProps) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? (params.get("token") ?? "").trim() : "";
  const [status, setStatus] = useState<FormStatus>({ kind: "idle" });
  const [outcome, setOutcome] = useState<"none" | "done" | "expired">("none");
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome !== "none") result.current?.focus();
  }, [outcome]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === "sending") return;
    setStatus({ kind: "sending" });
    void postJson<{ message?: string }>(action, { token }).then((answer) => {
      if (answer.kind === "ok") {
        setOutcome("done");
        setStatus({ kind: "success", message: doneText });
      } else if (answer.kind === "failed" && (answer.status === 404 || answer.status === 410)) {
        setOutcome("expired");
        setStatus({ kind: "error", message: "This link has expired or is not valid." });
      } else if (answer.kind === "invalid") {
        setOutcome("expired");
        setStatus({ kind: "error", message: Object.values(answer.errors)[0] ?? "This link is not valid." });
      } else {
        setStatus({ kind: "error", message: answer.message });
      }
    });
  };

  if (outcome !== "none") {
    return (
      <div>
        <div ref={result} tabIndex={-1} className="focus:outline-none">
          {outcome === "done" ? done : expired}
        </div>
        <StatusMessages status={status} successClassName="sr-only" errorClassName="sr-only" />
      </div>
    );
  }

  const missing = hydrated && !TOKEN.test(token);
  return (
    <form method="post" action={action} onSubmit={hydrated ? onSubmit : undefined} className="space-y-4">
      {hydrated ? (
        <input type="hidden" name="token" value={token} />
      ) : (
        <noscript>
          <div>
            <label htmlFor={`${idPrefix}-token`} className="block text-sm font-semibold text-slate-900">
              Code from your email link
            </label>
            <p id={`${idPrefix}-token-hint`} className="mt-1 text-sm text-slate-600">
              JavaScript is off, so this page cannot read the link. Copy the part after “token=” from the link
              in your email and paste it here.
            </p>
            <input
              id={`${idPrefix}-token`}
              name="token"
              type="text"
              required
              autoComplete="off"
              aria-describedby={`${idPrefix}-token-hint`}
              className="mt-1 block w-full rounded-md border border-slate-500 px-3 py-2 font-mono text-slate-900"
            />
          </div>
        </noscript>
      )}
      {missing ? (
        <p className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900">
          This link is missing its code. Please open the link from your email again, or copy the whole link
          into the address bar.
        </p>
      ) : (
        <SubmitButton status={status}>{button}</SubmitButton>
      )}
      <StatusMessages
        status={status}
        errorClassName="rounded-md border-l-4 border-red-700 bg-red-50 p-4 font-medium text-red-800"
      />
    </form>
  );
}
