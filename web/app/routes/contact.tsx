import { PageBody, PageHeader } from "~/components/ui/page-header";
import { PRODUCT_NAME, paths } from "~/config/site";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Contact us",
    description: `Questions about ${PRODUCT_NAME}, help with the product, or bringing it to your school or district: get in touch with our team.`,
    url: paths.contact,
  });
}

export default function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact us"
        intro={`Questions, product support, or bringing ${PRODUCT_NAME} to your school or district — send us a message and we will reply by email.`}
      />
      <PageBody>
        <p className="text-slate-700">The contact form is on its way.</p>
      </PageBody>
    </>
  );
}
