import { Honeypot, TextField } from "~/components/form/fields";
import { StatusMessages, SubmitButton } from "~/components/form/form-feedback";
import { fieldRule } from "~/components/form/rules";
import { useEnhancedForm } from "~/components/form/use-enhanced-form";

/**
 * SUBSCRIBED is shown after every accepted subscription, whether or not the address was
 * already on the list: the page never reveals who is subscribed.
 */
export const SUBSCRIBED = "Thanks! Check your inbox to confirm your subscription.";

const emailRule = fieldRule("newsletter", "email");

/**
 * NewsletterForm is the footer's "Stay Updated" box. Without JavaScript it is a plain form
 * post (the server answers 303 to its success page, forms.json's); with it, it posts JSON and shows
 * sending, success and error in place.
 */
export function NewsletterForm() {
  const form = useEnhancedForm<{ message?: string }>({
    form: "newsletter",
    action: "/api/newsletter",
    onSuccess: (_body, _values, element) => {
      element.reset();
      return SUBSCRIBED;
    },
  });

  return (
    <form
      method="post"
      action="/api/newsletter"
      noValidate={form.hydrated}
      onSubmit={form.onSubmit}
      className="relative"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start lg:flex-col xl:flex-row">
        <TextField
          form={form}
          rule={emailRule}
          hideLabel
          placeholder="Enter your email"
          autoComplete="email"
          className="min-w-0 flex-1 [&>input]:mt-0"
        />
        <SubmitButton status={form.status} className="shrink-0">
          Subscribe
        </SubmitButton>
      </div>
      <Honeypot form={form} />
      <StatusMessages status={form.status} className="mt-2 text-sm" />
    </form>
  );
}
