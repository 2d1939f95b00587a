import { ConsoleLayout } from "~/features/admin/console-layout";
import { LessonPlansView } from "~/features/admin/lesson-plans";
import { consoleHandle, consoleMeta } from "~/features/admin/meta";

// Lesson-plan requests, and one request with its plan and feedback at ?ref=TP-… (web/pages.json adminLessonPlans).

export const handle = consoleHandle;

export function meta() {
  return consoleMeta("Lesson plans");
}

/** AdminLessonPlansPage is pre-rendered as its frame; the data comes from /api/admin/ once it has hydrated. */
export default function AdminLessonPlansPage() {
  return (
    <ConsoleLayout
      title="Lesson plans"
      intro="Every lesson-plan request, with its plan and the teachers' feedback."
    >
      <LessonPlansView />
    </ConsoleLayout>
  );
}
