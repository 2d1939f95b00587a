import type { ReactNode } from "react";

// A stored lesson plan (internal/plan's Plan as JSON) drawn readably for the team: the frame,
// objectives, each timed phase with its minutes, and the rest as lists. The JSON is data from
// a model or a bank, so every value is shown as text, and a missing or odd field is skipped.

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function text(v: unknown): string {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
}
function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map(text).filter(Boolean) : [];
}
function objects(v: unknown): Json[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h4 className="border-b border-slate-200 pb-1 font-semibold text-slate-900">{title}</h4>
      <div className="mt-2 text-slate-800">{children}</div>
    </section>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a plan's list is shown as stored, in order.
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** PlanView draws a plan; plan is whatever was stored (null when none was made). */
export function PlanView({ plan }: { plan: unknown }) {
  if (!isObject(plan)) return <p className="text-slate-700">No plan was stored for this request.</p>;
  const about = isObject(plan.about) ? plan.about : {};
  const phases = objects(plan.phases);
  const total = phases.reduce((sum, p) => sum + (typeof p.minutes === "number" ? p.minutes : 0), 0);
  const exit = isObject(plan.exitTicket) ? plan.exitTicket : {};
  const homework = isObject(plan.homework) ? plan.homework : {};
  const provenance = isObject(plan.provenance) ? plan.provenance : {};
  return (
    <article className="rounded-lg border border-slate-300 p-4">
      <h3 className="text-xl font-bold text-slate-900">{text(plan.title) || "Untitled plan"}</h3>
      <p className="mt-1 text-slate-700">
        {[
          text(about.subject),
          text(about.grade),
          about.minutes ? `${text(about.minutes)} minutes` : "",
          text(about.model),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {strings(plan.standards).length > 0 && (
        <Section title="Standards">
          <List items={strings(plan.standards)} />
        </Section>
      )}
      {objects(plan.objectives).length > 0 && (
        <Section title="Objectives">
          <List
            items={objects(plan.objectives).map((o) =>
              text(o.bloom) ? `${text(o.text)} (${text(o.bloom)})` : text(o.text),
            )}
          />
        </Section>
      )}
      {strings(plan.successCriteria).length > 0 && (
        <Section title="Success criteria">
          <List items={strings(plan.successCriteria)} />
        </Section>
      )}
      {strings(plan.materials).length > 0 && (
        <Section title="Materials">
          <List items={strings(plan.materials)} />
        </Section>
      )}
      {objects(plan.vocabulary).length > 0 && (
        <Section title="Vocabulary">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {objects(plan.vocabulary).map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: terms are shown as stored, in order.
              <div key={i} className="contents">
                <dt className="font-semibold">{text(t.term)}</dt>
                <dd>{text(t.meaning)}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      {strings(plan.priorKnowledge).length > 0 && (
        <Section title="Prior knowledge">
          <List items={strings(plan.priorKnowledge)} />
        </Section>
      )}
      {phases.length > 0 && (
        <Section title={`Phases (${total} minutes)`}>
          <ol className="space-y-4">
            {phases.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: phases are shown as stored, in order.
              <li key={i} className="rounded-md bg-slate-50 p-3">
                <p className="font-semibold text-slate-900">
                  {i + 1}. {text(p.name)} — {text(p.minutes)} minutes
                </p>
                {strings(p.teacherMoves).length > 0 && (
                  <>
                    <p className="mt-2 text-sm font-semibold">Teacher</p>
                    <List items={strings(p.teacherMoves)} />
                  </>
                )}
                {strings(p.studentTasks).length > 0 && (
                  <>
                    <p className="mt-2 text-sm font-semibold">Students</p>
                    <List items={strings(p.studentTasks)} />
                  </>
                )}
                {text(p.check) && (
                  <p className="mt-2">
                    <span className="font-semibold">Check: </span>
                    {text(p.check)}
                  </p>
                )}
                {objects(p.supports).length > 0 && (
                  <>
                    <p className="mt-2 text-sm font-semibold">Supports</p>
                    <List
                      items={objects(p.supports).map(
                        (s) => `${text(s.label) || text(s.need)}: ${text(s.text)}`,
                      )}
                    />
                  </>
                )}
              </li>
            ))}
          </ol>
        </Section>
      )}
      {(strings(exit.prompts).length > 0 || text(exit.lookFor)) && (
        <Section title="Exit ticket">
          <List items={strings(exit.prompts)} />
          {text(exit.lookFor) && <p className="mt-2">Look for: {text(exit.lookFor)}</p>}
        </Section>
      )}
      {objects(plan.differentiation).length > 0 && (
        <Section title="Differentiation">
          {objects(plan.differentiation).map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: needs are shown as stored, in order.
            <div key={i} className="mt-2">
              <p className="font-semibold">{text(d.label) || text(d.need)}</p>
              <List items={objects(d.supports).map((s) => `${text(s.kind)}: ${text(s.text)}`)} />
            </div>
          ))}
        </Section>
      )}
      {objects(plan.misconceptions).length > 0 && (
        <Section title="Misconceptions">
          <List
            items={objects(plan.misconceptions).map((m) => `${text(m.misconception)} — ${text(m.address)}`)}
          />
        </Section>
      )}
      {text(homework.text) && (
        <Section title={text(homework.kind) === "extension" ? "Extension" : "Homework"}>
          <p>{text(homework.text)}</p>
        </Section>
      )}
      {text(provenance.label) && <p className="mt-6 text-sm text-slate-700">{text(provenance.label)}</p>}
    </article>
  );
}
