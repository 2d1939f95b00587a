import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { PRODUCT_NAME, paths, site } from "~/config/site";
import { seo } from "~/lib/seo";
import retention from "../../retention.json";

export function meta() {
  return seo({
    title: "Privacy policy",
    description: `What ${PRODUCT_NAME} collects, why, how long we keep it and how to have it deleted. No student data is needed or wanted.`,
    url: paths.privacy,
  });
}

/** days says a period of retention.json plainly: "30 days", "730 days (about 2 years)". */
function days(n: number): string {
  const text = n === 1 ? "1 day" : `${n} days`;
  if (n >= 365 && n % 365 === 0) {
    const years = n / 365;
    return `${text} (about ${years === 1 ? "a year" : `${years} years`})`;
  }
  return text;
}

const LAST_UPDATED = "2026-11-23";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-800">{children}</div>
    </section>
  );
}

const mailLink = "font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900";

export default function PrivacyPage() {
  return (
    <>
      <PageHeader
        title="Privacy policy"
        intro={`${PRODUCT_NAME} collects as little as it can: what you type into our three forms, to do what you asked. No student data is needed or wanted.`}
      >
        <p className="mt-4 text-sm text-slate-700">
          Last updated: <time dateTime={LAST_UPDATED}>November 23, 2026</time>
        </p>
      </PageHeader>
      <PageBody className="max-w-3xl">
        <Section id="what-we-collect" title="What we collect and why">
          <p>We only collect what you send us through the forms on this site:</p>
          <ul className="list-disc space-y-3 pl-6">
            <li>
              <strong>Newsletter</strong> — your email address, so we can send the newsletter you asked for.
              We first send a confirmation email; you are only subscribed once you confirm.
            </li>
            <li>
              <strong>Contact messages</strong> — your name, email address, the reason for your message, your
              organisation if you give it, and the message itself, so we can answer you.
            </li>
            <li>
              <strong>Lesson plan requests</strong> — your email address, the subject, grade, topic, lesson
              length and any optional details you add (name, school, objectives, standards, instructional
              model, differentiation needs, notes), so we can prepare your lesson plan. The plan is kept with
              your request and deleted with it.
            </li>
            <li>
              <strong>Feedback on a plan</strong> — whether it was useful and any comment you add, kept for
              our team to improve the planner and deleted with the plan.
            </li>
          </ul>
          <p>
            Our server also keeps short technical logs (time, page requested, status) to keep the site running
            and secure. We do not sell your data, use it for advertising, or share it with anyone except the
            email provider that delivers our messages to you.
          </p>
        </Section>

        <Section id="ai-provider" title="What an AI provider sees">
          <p>
            Our built-in planner writes every plan on our own server, with no outside service. When we turn on
            an AI provider to write a fuller draft, we send it only the lesson details: the subject, grade,
            topic, lesson length, objectives, standards, instructional model, differentiation needs and notes.
            Your email address, name and school are never sent to an AI provider.
          </p>
        </Section>

        <Section id="student-data" title="No student data, please">
          <p>
            {`${PRODUCT_NAME} does not need any information about your students, and we do not want it. Please do not enter student names, grades, ID numbers or any other personal information about students in our forms. Describe your class in general terms instead (for example, “three English learners” rather than names).`}
          </p>
        </Section>

        <Section id="retention" title="How long we keep it">
          {/* The periods are web/retention.json's: the daily job deletes by the same values. */}
          <ul className="list-disc space-y-3 pl-6">
            <li>
              <strong>Newsletter email address:</strong> until you unsubscribe. Every newsletter email has an
              unsubscribe link; sign-ups never confirmed are deleted after{" "}
              {days(retention.unconfirmedSignUpsDays)}.
            </li>
            <li>
              <strong>Contact messages:</strong> deleted {days(retention.contactMessagesDays)} after we
              receive them.
            </li>
            <li>
              <strong>Lesson plan requests:</strong> deleted, with their plans and your feedback on them,{" "}
              {days(retention.lessonPlanRequestsDays)} after we receive them.
            </li>
            <li>
              <strong>Emails we send you:</strong> our copy is deleted {days(retention.sentMailDays)} after it
              is sent. Confirmation links are deleted{" "}
              {retention.expiredLinksDays === 0
                ? "as soon as they expire"
                : `${days(retention.expiredLinksDays)} after they expire`}
              .
            </li>
            <li>
              <strong>Technical logs:</strong> 30 days.
            </li>
          </ul>
        </Section>

        <Section id="cookies" title="Cookies and trackers">
          <p>
            This site uses no third-party trackers, analytics scripts, advertising or social media widgets,
            and sets no cookies beyond what is strictly necessary for it to work. Every font, image and script
            is served by our own server.
          </p>
        </Section>

        <Section id="your-rights" title="Seeing, correcting or deleting your data">
          <p>
            You can ask us at any time what we hold about you, to correct it, or to delete it. Email{" "}
            <a href={`mailto:${site.privacyEmail}`} className={mailLink}>
              {site.privacyEmail}
            </a>{" "}
            or use the{" "}
            <Link to={paths.contact} className={mailLink}>
              contact form
            </Link>{" "}
            and tell us the email address you used. We will reply within 30 days, and deletions also remove
            the data from our working copies; backups expire within 30 days.
          </p>
        </Section>

        <Section id="contact" title="Contact">
          <p>
            Questions about this policy or about how we handle data go to{" "}
            <a href={`mailto:${site.privacyEmail}`} className={mailLink}>
              {site.privacyEmail}
            </a>
            . If we change this policy, we will update the date at the top of this page.
          </p>
        </Section>
      </PageBody>
    </>
  );
}
