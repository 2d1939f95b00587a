import Clock from "lucide-react/icons/clock";
import Mail from "lucide-react/icons/mail";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { PRODUCT_NAME, paths, site } from "~/config/site";
import { ContactForm, RESPONSE_TIME } from "~/features/contact/contact-form";
import { seo } from "~/lib/seo";

export function meta() {
  return seo({
    title: "Contact us",
    description: `Questions about ${PRODUCT_NAME}, help with the product, or bringing it to your school or district: get in touch with our team.`,
    url: paths.contact,
  });
}

/**
 * ContactPage holds the contact form and the other ways to reach the team. With JavaScript
 * the form confirms in place; without it the server answers a plain post with 303 to the
 * form's success page (forms.json).
 */
export default function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact us"
        intro={`Questions, product support, or bringing ${PRODUCT_NAME} to your school or district — send us a message and we will reply by email.`}
      />
      <PageBody>
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ContactForm />
          </div>
          <aside aria-labelledby="contact-other-ways" className="space-y-6">
            <h2 id="contact-other-ways" className="text-xl font-semibold text-slate-900">
              Other ways to reach us
            </h2>
            <div className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700" />
              <div>
                <h3 className="font-semibold text-slate-900">Email</h3>
                <p className="text-slate-700">
                  <a
                    href={`mailto:${site.contactEmail}`}
                    className="text-indigo-700 underline underline-offset-2 hover:no-underline"
                  >
                    {site.contactEmail}
                  </a>
                </p>
              </div>
            </div>
            <div className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700" />
              <div>
                <h3 className="font-semibold text-slate-900">Response time</h3>
                <p className="text-slate-700">We typically reply {RESPONSE_TIME}.</p>
              </div>
            </div>
            <p className="text-sm text-slate-600">
              Please don't send student names or other personal information about students.
            </p>
          </aside>
        </div>
      </PageBody>
    </>
  );
}
