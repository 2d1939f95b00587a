import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { fieldRule } from "~/components/form/rules";
import { pathOf } from "~/config/pages";
import { api, type LessonPlanDetail, type LessonPlanRow } from "./endpoints";
import { ListPage, useList } from "./list-page";
import { ConfirmDelete } from "./list-tools";
import { PlanView } from "./plan-view";
import { Alert, Loading, linkClass, secondaryClass, Time, tdClass } from "./ui";
import { useLoad } from "./use-load";

// Lesson-plan requests: the list (search, Spam tab, pages, CSV, delete) and, at ?ref=TP-…,
// one request with its plan and the teachers' feedback.

const NOUN = "lesson-plan requests";

/** LessonPlansView is the list, or the request ?ref= names. */
export function LessonPlansView() {
  const [params] = useSearchParams();
  const ref = params.get("ref");
  return ref ? <LessonPlanRequest reference={ref} /> : <LessonPlanList />;
}

/** optionLabel is the lesson-plan form's label for a stored choice ("science" → "Science"). */
function optionLabel(field: string, value: string): string {
  return fieldRule("lessonPlan", field).options?.find((o) => o.value === value)?.label ?? value;
}

function generatorLabel(g: string): string {
  return g === "ai" ? "AI" : g === "builtin" ? "Built-in" : g ? g : "None yet";
}

function LessonPlanList() {
  const list = useList([], api.lessonPlans);
  const { announce } = list;
  // A request deleted from its own page comes back here saying so.
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced once, when the list opens.
  useEffect(() => {
    if (deleted) announce(`Deleted lesson-plan request ${deleted}.`, true);
  }, [deleted]);
  const remove = async (row: LessonPlanRow) => {
    await api.deleteLessonPlan(row.reference);
    list.drop((r) => r.reference === row.reference, `Deleted lesson-plan request ${row.reference}.`);
  };
  return (
    <ListPage
      {...list}
      list="lesson-plans"
      noun={NOUN}
      searchLabel="Search by reference, email, name, school or topic"
      caption="Lesson-plan requests"
      spamCaption="Lesson-plan requests marked as spam"
      columns={["Reference", "Received", "Teacher", "Lesson", "Plan", "Feedback", "Actions"]}
      row={(row) => (
        <tr key={row.reference}>
          <th scope="row" className={`${tdClass} font-mono`}>
            <Link to={`?ref=${encodeURIComponent(row.reference)}`} className={linkClass}>
              {row.reference}
            </Link>
          </th>
          <td className={tdClass}>
            <Time iso={row.createdAt} />
          </td>
          <td className={tdClass}>
            {row.name}
            <br />
            <span className="text-slate-700">{row.email}</span>
            {row.school && (
              <>
                <br />
                {row.school}
              </>
            )}
          </td>
          <td className={tdClass}>
            {optionLabel("subject", row.subject)}, {optionLabel("grade", row.grade)}: {row.topic} (
            {row.duration} min)
          </td>
          <td className={tdClass}>{generatorLabel(row.generator)}</td>
          <td className={tdClass}>
            {row.useful} useful, {row.notUseful} not
          </td>
          <td className={tdClass}>
            <ConfirmDelete what={`request ${row.reference}`} onConfirm={() => remove(row)} />
          </td>
        </tr>
      )}
    />
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="whitespace-pre-line break-words text-slate-800">{value || "—"}</dd>
    </>
  );
}

function LessonPlanRequest({ reference }: { reference: string }) {
  const { data, error, loading } = useLoad(() => api.lessonPlan(reference), [reference]);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data) headingRef.current?.focus();
  }, [data]);
  const back = (
    <p>
      <Link to={pathOf("adminLessonPlans")} className={linkClass}>
        Back to the lesson-plan requests
      </Link>
    </p>
  );
  if (error) {
    return (
      <>
        {back}
        <Alert message={error} className="mt-4" />
      </>
    );
  }
  if (loading || !data) return <Loading what={`request ${reference}`} />;
  return (
    <RequestDetail
      data={data}
      back={back}
      headingRef={headingRef}
      onDeleted={() => navigate(pathOf("adminLessonPlans"), { state: { deleted: reference } })}
    />
  );
}

function RequestDetail({
  data,
  back,
  headingRef,
  onDeleted,
}: {
  data: LessonPlanDetail;
  back: React.ReactNode;
  headingRef: React.Ref<HTMLHeadingElement>;
  onDeleted: () => void;
}) {
  const r = data.request;
  return (
    <div className="space-y-8">
      {back}
      <section aria-labelledby="request-title">
        <h2
          id="request-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900"
        >
          Request <span className="font-mono">{r.reference}</span>
          {r.spam && (
            <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-950">
              Marked as spam
            </span>
          )}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <Field label="Received" value={<Time iso={r.createdAt} />} />
          <Field label="Name" value={r.name} />
          <Field
            label="Email"
            value={
              <a href={`mailto:${r.email}`} className={`${linkClass} break-all`}>
                {r.email}
              </a>
            }
          />
          <Field label="School" value={r.school} />
          <Field label="Subject" value={optionLabel("subject", r.subject)} />
          <Field label="Grade" value={optionLabel("grade", r.grade)} />
          <Field label="Topic" value={r.topic} />
          <Field label="Duration" value={`${r.duration} minutes`} />
          <Field label="Objectives" value={r.objectives} />
          <Field label="Standards" value={r.standards} />
          <Field
            label="Instructional model"
            value={optionLabel("instructionalModel", r.instructionalModel)}
          />
          <Field
            label="Differentiation"
            value={(r.differentiation ?? []).map((d) => optionLabel("differentiation", d)).join(", ")}
          />
          <Field label="Notes" value={r.notes} />
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {data.planUrl && (
            <a href={data.planUrl} className={secondaryClass}>
              Open the public plan page
            </a>
          )}
          <ConfirmDelete
            small={false}
            what={`request ${r.reference}`}
            onConfirm={async () => {
              await api.deleteLessonPlan(r.reference);
              onDeleted();
            }}
          />
        </div>
      </section>
      <section aria-labelledby="plan-title">
        <h2 id="plan-title" className="text-xl font-semibold text-slate-900">
          The plan{data.generator ? ` (${generatorLabel(data.generator)})` : ""}
        </h2>
        <div className="mt-4">
          <PlanView plan={data.plan} />
        </div>
      </section>
      <section aria-labelledby="feedback-title">
        <h2 id="feedback-title" className="text-xl font-semibold text-slate-900">
          Feedback
        </h2>
        {data.feedback.length === 0 ? (
          <p className="mt-2 text-slate-700">No feedback yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {data.feedback.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: feedback is shown in the order given.
              <li key={i} className="rounded-md border border-slate-300 p-3">
                <p className="font-semibold">
                  {f.useful ? "Useful" : "Not useful"} · <Time iso={f.createdAt} />
                </p>
                {f.comment && <p className="mt-1 whitespace-pre-line break-words">{f.comment}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
