import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { pathOf } from "~/config/pages";
import { errorMessage } from "./api";
import { api, type TotpEnrolment } from "./endpoints";
import { codeInput, TextField } from "./field";
import { useAnnounce } from "./list-tools";
import { Alert, buttonClass, dangerClass, Loading, secondaryClass } from "./ui";
import { useLoad } from "./use-load";

// The account: the second factor (TOTP) on or off, and signing out of every browser at once.

/** CodeForm asks for a 6-digit code and sends it. */
function CodeForm({
  label,
  button,
  danger,
  onCode,
}: {
  label: string;
  button: string;
  danger?: boolean;
  onCode: (code: string) => Promise<void>;
}) {
  const id = useId();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) {
      setProblem("Enter the 6-digit code your authenticator app shows now.");
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem("");
    try {
      await onCode(code);
    } catch (err) {
      setProblem(errorMessage(err));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-4">
      <TextField
        ref={inputRef}
        label={label}
        {...codeInput}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="w-40 font-mono tracking-widest"
      />
      <button type="submit" disabled={busy} className={danger ? dangerClass : buttonClass}>
        {button}
      </button>
      <div id={`${id}-problem`} className="w-full">
        <Alert message={problem} />
      </div>
    </form>
  );
}

/** TwoFactor turns TOTP on (QR code or the secret typed in, then a code) or off (with a code). */
function TwoFactor({ on, onChange }: { on: boolean; onChange: (on: boolean, message: string) => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [problem, setProblem] = useState("");
  const stepRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (enrolment) stepRef.current?.focus();
  }, [enrolment]);

  if (on) {
    return (
      <>
        <p className="mt-2 text-slate-800">
          The second factor is <strong>on</strong>: signing in asks for a code from your authenticator app.
        </p>
        <CodeForm
          label="Code, to turn it off"
          button="Turn off the second factor"
          danger
          onCode={async (code) => {
            await api.disableTotp(code);
            onChange(false, "The second factor is off.");
          }}
        />
      </>
    );
  }
  if (!enrolment) {
    return (
      <>
        <p className="mt-2 text-slate-800">
          The second factor is <strong>off</strong>. Turn it on so a stolen password alone cannot open the
          console.
        </p>
        <button
          type="button"
          className={`${buttonClass} mt-4`}
          onClick={async () => {
            setProblem("");
            try {
              setEnrolment(await api.startTotp());
            } catch (err) {
              setProblem(errorMessage(err));
            }
          }}
        >
          Set up the second factor
        </button>
        <Alert message={problem} className="mt-4" />
      </>
    );
  }
  return (
    <>
      <h3 ref={stepRef} tabIndex={-1} className="mt-4 font-semibold text-slate-900">
        Scan the code, then confirm
      </h3>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-slate-800">
        <li>Open your authenticator app and add an account.</li>
        <li>
          Scan this QR code, or type the secret below if you cannot scan.
          <img
            src={enrolment.qr}
            alt="QR code for the authenticator app (the same secret as the text below)"
            width={200}
            height={200}
            className="mt-2 size-48 border border-slate-300"
          />
          <p className="mt-2">
            Secret:{" "}
            <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900">
              {enrolment.secret}
            </code>
          </p>
        </li>
        <li>Enter the 6-digit code the app now shows.</li>
      </ol>
      <CodeForm
        label="6-digit code"
        button="Confirm and turn on"
        onCode={async (code) => {
          await api.confirmTotp(code);
          setEnrolment(undefined);
          onChange(true, "The second factor is on. Signing in will ask for a code.");
        }}
      />
      <button type="button" className={`${secondaryClass} mt-4`} onClick={() => setEnrolment(undefined)}>
        Cancel
      </button>
    </>
  );
}

/** AccountView shows the signed-in account, its second factor and "sign out everywhere". */
export function AccountView() {
  const loaded = useLoad(() => api.session(), []);
  const { status, announce } = useAnnounce();
  const [problem, setProblem] = useState("");
  if (loaded.error) return <Alert message={loaded.error} />;
  if (loaded.loading && !loaded.data) return <Loading what="your account" />;
  const session = loaded.data;
  if (!session) return null;
  return (
    <div className="space-y-10">
      {status}
      <p className="text-slate-800">
        Signed in as <strong className="break-all">{session.email}</strong>.
      </p>
      <section aria-labelledby="totp-title">
        <h2 id="totp-title" className="text-xl font-semibold text-slate-900">
          Second factor (authenticator app)
        </h2>
        <TwoFactor
          on={session.totp}
          onChange={(totp, message) => {
            loaded.setData((s) => s && { ...s, totp });
            announce(message, true);
          }}
        />
      </section>
      <section aria-labelledby="everywhere-title">
        <h2 id="everywhere-title" className="text-xl font-semibold text-slate-900">
          Sign out everywhere
        </h2>
        <p className="mt-2 text-slate-800">
          Ends every session of this account, in every browser, this one too. Use it if a device was lost or
          shared.
        </p>
        <button
          type="button"
          className={`${dangerClass} mt-4`}
          onClick={async () => {
            setProblem("");
            try {
              await api.signOutEverywhere();
              window.location.assign(pathOf("adminSignIn"));
            } catch (err) {
              setProblem(errorMessage(err));
            }
          }}
        >
          Sign out everywhere
        </button>
        <Alert message={problem} className="mt-4" />
      </section>
    </div>
  );
}
