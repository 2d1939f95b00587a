import { PageBody, PageHeader } from "~/components/ui/page-header";
import { PRODUCT_NAME, paths } from "~/config/site";
import { LessonPlanForm } from "~/features/lesson-plan/lesson-plan-form";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Create a lesson plan",
    description: `Tell ${PRODUCT_NAME} your subject, grade, topic and lesson length, and get a ready-to-teach lesson plan for your high school class.`,
    url: paths.lessonPlan,
  });
}

export default function LessonPlanPage() {
  return (
    <>
      <PageHeader
        title="Create a lesson plan"
        intro="Tell us your subject, grade, topic and lesson length, and we will draft a lesson plan you can teach tomorrow."
      />
      <PageBody>
        <div className="max-w-3xl">
          <LessonPlanForm />
        </div>
      </PageBody>
    </>
  );
}
