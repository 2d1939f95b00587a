import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { errorMessage, safeNext } from "./api";
import { api, type Endpoints } from "./endpoints";
import { codeInput, TextField } from "./field";
import { Alert, buttonClass } from "./ui";

/**
 * SignInForm signs a team member in: email and password, then the 6-digit code when the API
 * says the account has a second factor (needCode). Problems are announced (role alert) and
 * focused; afterwards it goes to ?next= when that is a console path, else the dashboard.
 * Until the page has hydrated the button is disabled, so a form without JavaScript never
 * sends a password anywhere.
 */
export function SignInForm({ client = api }: { client?: Pick<Endpoints, "signIn"> }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const [needCode, setNeedCode] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // focusNext says where focus goes once the answer is on screen.
  const [focusNext, setFocusNext] = useState<"alert" | "code" | null>(null);

  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (focusNext === "code") codeRef.current?.focus();
    if (focusNext === "alert") alertRef.current?.focus();
    setFocusNext(null);
  }, [focusNext]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const code = String(data.get("code") ?? "").replace(/\s+/g, "");
    if (!email || !password) {
      setProblem("Enter your email address and your password.");
      setFocusNext("alert");
      return;
    }
    setBusy(true);
    setProblem("");
    try {
      await client.signIn(needCode && code ? { email, password, code } : { email, password });
      navigate(safeNext(params.get("next")));
    } catch (err) {
      setBusy(false);
      setProblem(errorMessage(err));
      const wantsCode = typeof err === "object" && err !== null && "needCode" in err && err.needCode === true;
      if (wantsCode) setNeedCode(true);
      setFocusNext(wantsCode ? "code" : "alert");
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="max-w-md space-y-5">
      <Alert ref={alertRef} message={problem} />
      <TextField
        label="Email address"
        name="email"
        type="email"
        autoComplete="username"
        required
        spellCheck={false}
      />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {needCode && (
        <TextField
          ref={codeRef}
          label="6-digit code"
          hint="From the authenticator app you set up for this account."
          {...codeInput}
          className="max-w-40 font-mono tracking-widest"
        />
      )}
      <button type="submit" disabled={!ready || busy} className={buttonClass}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
