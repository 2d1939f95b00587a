// NewsletterForm is the footer's "Stay Updated" box. (Static markup for now; the forms work
// wires its submission.)
export function NewsletterForm() {
  return (
    <form method="post" action="/api/newsletter">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        required
        placeholder="Enter your email"
        autoComplete="email"
      />
      <button type="submit">Subscribe</button>
    </form>
  );
}
