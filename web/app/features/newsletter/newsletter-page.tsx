import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageBody, PageHeader } from "~/components/ui/page-header";
import { pathOf } from "~/config/pages";
import { paths } from "~/config/site";

/**
 * newsletterPaths are the newsletter's own pages (linked from its emails and redirects), by
 * their ids in web/pages.json.
 */
export const newsletterPaths = {
  checkEmail: pathOf("newsletterCheckEmail"),
  confirm: pathOf("newsletterConfirm"),
  confirmed: pathOf("newsletterConfirmed"),
  unsubscribe: pathOf("newsletterUnsubscribe"),
  unsubscribed: pathOf("newsletterUnsubscribed"),
} as const;

/** NewsletterPage is the frame of the newsletter's small utility pages. */
export function NewsletterPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} intro={intro} />
      <PageBody>
        <div className="max-w-2xl space-y-6 text-slate-800">{children}</div>
        <p className="mt-10">
          <Link
            to={paths.home}
            className="font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline"
          >
            Back to the home page
          </Link>
        </p>
      </PageBody>
    </>
  );
}
