import { PageBody, PageHeader } from "~/components/ui/page-header";
import { PRODUCT_NAME, paths } from "~/config/site";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Blog",
    description: `Practical ideas for high school teachers from the ${PRODUCT_NAME} team: lesson planning, grading, feedback and getting hours back.`,
    url: paths.blog,
  });
}

export default function BlogPage() {
  return (
    <>
      <PageHeader
        title="Blog"
        intro="Practical, classroom-tested ideas for high school teachers: planning, grading, feedback and getting your evenings back."
      />
      <PageBody>
        <p className="text-slate-700">New posts are on their way.</p>
      </PageBody>
    </>
  );
}
