import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError, errorMessage } from "./api";
import { api, type Delivery, type Webhook } from "./endpoints";
import { FieldError, TextField } from "./field";
import { ConfirmDelete, useAnnounce } from "./list-tools";
import {
  Alert,
  buttonClass,
  DataTable,
  Loading,
  labelClass,
  secondaryClass,
  smallClass,
  Time,
  tdClass,
} from "./ui";
import { useLoad } from "./use-load";

// Webhooks: the endpoints that hear about new submissions (a CRM, a chat channel), each with
// the events it wants. The events come from the API (internal/webhook names them); the signing
// secret is shown once, when the endpoint is added.

/** WebhooksView lists the endpoints and adds new ones. */
export function WebhooksView() {
  const loaded = useLoad(() => api.webhooks(), []);
  const { status, announce } = useAnnounce();
  const [secret, setSecret] = useState<{ url: string; secret: string }>();
  if (loaded.error) return <Alert message={loaded.error} />;
  if (loaded.loading && !loaded.data) return <Loading what="the webhooks" />;
  const { events = [], items = [] } = loaded.data ?? {};
  return (
    <div className="space-y-10">
      {status}
      {secret && <SecretOnce {...secret} onDone={() => setSecret(undefined)} />}
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title" className="text-xl font-semibold text-slate-900">
          Endpoints
        </h2>
        {items.length === 0 ? (
          <p className="mt-2 text-slate-700">No endpoints yet. Add one below.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {items.map((hook) => (
              <Endpoint
                key={hook.id}
                hook={hook}
                announce={announce}
                onDeleted={() => {
                  loaded.setData((d) => d && { ...d, items: d.items.filter((h) => h.id !== hook.id) });
                  announce(`Deleted the endpoint ${hook.url}.`, true);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <AddEndpoint
        events={events}
        onAdded={(endpoint, newSecret) => {
          loaded.setData((d) => d && { ...d, items: [...d.items, endpoint] });
          setSecret({ url: endpoint.url, secret: newSecret });
        }}
      />
    </div>
  );
}

/** SecretOnce shows a new endpoint's signing secret, the one time it can be read. */
function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState("");
  useEffect(() => ref.current?.focus(), []);
  return (
    <section aria-labelledby="secret-title" className="rounded-lg border-2 border-amber-700 bg-amber-50 p-4">
      <h2 id="secret-title" ref={ref} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Signing secret for <span className="break-all">{url}</span>
      </h2>
      <p className="mt-1 text-slate-900">
        Copy it into the receiving service now: it is shown only this once. The service checks each delivery's{" "}
        <code>webhook-signature</code> with it (Standard Webhooks). Lost it? Delete the endpoint and add it
        again.
      </p>
      <p className="mt-3 break-all rounded bg-white p-2 font-mono text-slate-900">{secret}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryClass}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(secret);
              setCopied("Copied the secret.");
            } catch {
              setCopied("Could not copy: select the secret and copy it by hand.");
            }
          }}
        >
          Copy the secret
        </button>
        <button type="button" className={secondaryClass} onClick={onDone}>
          I have saved it
        </button>
        <span role="status" className="text-sm text-slate-900">
          {copied}
        </span>
      </div>
    </section>
  );
}

/** Endpoint is one endpoint: its events, a test event, its deliveries and its deletion. */
function Endpoint({
  hook,
  announce,
  onDeleted,
}: {
  hook: Webhook;
  announce: (text: string, focus?: boolean) => void;
  onDeleted: () => void;
}) {
  const [deliveries, setDeliveries] = useState<Delivery[]>();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const loadDeliveries = async () => {
    try {
      setDeliveries((await api.deliveries(hook.id)).items);
      setProblem("");
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  return (
    <li className="rounded-lg border border-slate-300 p-4">
      <p className="break-all font-mono font-semibold text-slate-900">{hook.url}</p>
      <p className="mt-1 text-sm text-slate-700">
        Events: {hook.events.join(", ")} · added <Time iso={hook.createdAt} />
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={busy}
          className={`${secondaryClass} ${smallClass}`}
          onClick={async () => {
            setBusy(true);
            setProblem("");
            try {
              await api.testWebhook(hook.id);
              announce(`Queued a test event for ${hook.url}.`);
            } catch (err) {
              setProblem(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          Send a test event<span className="sr-only"> to {hook.url}</span>
        </button>
        <button type="button" className={`${secondaryClass} ${smallClass}`} onClick={loadDeliveries}>
          {deliveries ? "Refresh deliveries" : "Show deliveries"}
          <span className="sr-only"> of {hook.url}</span>
        </button>
        <ConfirmDelete
          what={`the endpoint ${hook.url}`}
          onConfirm={async () => {
            await api.deleteWebhook(hook.id);
            onDeleted();
          }}
        />
      </div>
      {problem && <Alert message={problem} className="mt-3" />}
      {deliveries &&
        (deliveries.length === 0 ? (
          <p role="status" className="mt-3 text-slate-700">
            No deliveries yet.
          </p>
        ) : (
          <DataTable
            frame={`Deliveries to ${hook.url}`}
            caption="Deliveries, newest first"
            columns={["When", "Event", "Attempt", "Status", "Error"]}
          >
            {deliveries.map((d) => (
              <tr key={d.id}>
                <th scope="row" className={`${tdClass} whitespace-nowrap font-normal`}>
                  <Time iso={d.at} />
                </th>
                <td className={`${tdClass} font-mono`}>{d.event}</td>
                <td className={`${tdClass} tabular-nums`}>{d.attempt}</td>
                <td className={tdClass}>{d.status}</td>
                <td className={`${tdClass} break-words`}>{d.error || "—"}</td>
              </tr>
            ))}
          </DataTable>
        ))}
    </li>
  );
}

/** AddEndpoint is the form adding an endpoint; the server's field problems show by the fields. */
function AddEndpoint({
  events,
  onAdded,
}: {
  events: readonly string[];
  onAdded: (endpoint: Webhook, secret: string) => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { url: String(data.get("url") ?? "").trim(), events: data.getAll("events").map(String) };
    setBusy(true);
    setProblem("");
    setFields({});
    try {
      const added = await api.addWebhook(body);
      formRef.current?.reset();
      onAdded(added.endpoint, added.secret);
    } catch (err) {
      setProblem(errorMessage(err));
      setFields(err instanceof ApiError ? err.fields : {});
      alertRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  const urlError = fields.url;
  const eventsError = fields.events;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Add an endpoint
      </h2>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 max-w-xl space-y-5">
        <Alert ref={alertRef} message={problem} />
        <TextField
          label="URL"
          hint="An https:// address on the public internet."
          error={urlError}
          name="url"
          type="url"
          required
          spellCheck={false}
        />
        <fieldset aria-describedby={eventsError ? `${id}-events-error` : undefined}>
          <legend className={labelClass}>Events</legend>
          <div className="mt-2 space-y-2">
            {events.map((name) => (
              <div key={name} className="flex items-center gap-3">
                <input
                  id={`${id}-event-${name}`}
                  type="checkbox"
                  name="events"
                  value={name}
                  aria-invalid={eventsError ? true : undefined}
                  className="size-5 rounded border-slate-500"
                />
                <label htmlFor={`${id}-event-${name}`} className="font-mono text-slate-900">
                  {name}
                </label>
              </div>
            ))}
          </div>
          {eventsError && <FieldError id={`${id}-events-error`} message={eventsError} />}
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClass}>
          {busy ? "Adding…" : "Add endpoint"}
        </button>
      </form>
    </section>
  );
}
