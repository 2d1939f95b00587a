// @ts-check
// plan-page.js: the one small script of the pages the Go server fills into the shell (the plan
// page at /submission-success/{reference}). No framework and no build step; everything it
// enhances works without it: copy is a link to plan.txt, the feedback form posts plainly, and
// the streamed plan shows itself. Hooks (data attributes the Go template writes):
//   [data-plan-copy]     the "copy as text" link (href: plan.txt) → a copy-to-clipboard button
//   [data-plan-actions]  where the Print button goes
//   [data-plan-status]   the streaming status line; data-plan-total = number of sections
//   [data-plan-complete] the completion marker the stream writes last
//   form[data-plan-feedback]  the "was this useful?" form (POST, JSON answer 201)
// On a streamed page it runs while the sections are still arriving (the page asks for it
// right after the status line): it announces them as they come, and enhances the rest once
// the whole page is there.
(() => {
  /** announce writes text into a polite live region (created once). */
  const live = document.createElement("p");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  live.className = "sr-only";
  document.body.append(live);
  /** @param {string} text */
  const announce = (text) => {
    live.textContent = "";
    window.setTimeout(() => {
      live.textContent = text;
    }, 50);
  };

  const status = document.querySelector("[data-plan-status]");
  if (status && !document.querySelector("[data-plan-complete]")) {
    const total = Number(status.getAttribute("data-plan-total")) || 14;
    let said = 0;
    const observer = new MutationObserver(() => progress());
    const progress = () => {
      if (document.querySelector("[data-plan-complete]")) {
        observer.disconnect();
        announce("Your lesson plan is ready.");
        return;
      }
      // After a restart the built-in plan follows in an article of its own: count that one.
      const article = Array.from(document.querySelectorAll("article.lesson-plan")).pop();
      const ready = Math.min(article ? article.querySelectorAll("[data-section]").length : 0, total);
      if (ready !== said) {
        said = ready;
        announce(`${ready} of ${total} sections ready`);
      }
    };
    progress();
    observer.observe(document.body, { childList: true, subtree: true });
  }

  /** enhance sets up the actions and the feedback form, which a streamed page writes last. */
  const enhance = () => {
    const actions = document.querySelector("[data-plan-actions]");
    const copy = document.querySelector("a[data-plan-copy]");
    if (copy instanceof HTMLAnchorElement && navigator.clipboard) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = copy.className;
      button.textContent = copy.textContent;
      button.addEventListener("click", async () => {
        try {
          const answer = await fetch(copy.href, { credentials: "same-origin" });
          if (!answer.ok) throw new Error(String(answer.status));
          await navigator.clipboard.writeText(await answer.text());
          announce("Copied");
        } catch {
          window.location.assign(copy.href);
        }
      });
      copy.replaceWith(button);
    }
    if (actions) {
      const print = document.createElement("button");
      print.type = "button";
      print.textContent = "Print";
      const first = actions.querySelector("a, button");
      if (first) print.className = first.className;
      print.addEventListener("click", () => window.print());
      actions.append(print);
    }

    const feedback = document.querySelector("form[data-plan-feedback]");
    if (feedback instanceof HTMLFormElement) {
      feedback.addEventListener("submit", async (event) => {
        event.preventDefault();
        /** @type {Record<string, string>} */
        const body = {};
        new FormData(feedback).forEach((value, name) => {
          if (typeof value === "string") body[name] = value;
        });
        const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
          b.toString(16).padStart(2, "0"),
        ).join("");
        try {
          const answer = await fetch(feedback.action, {
            method: "POST",
            credentials: "same-origin",
            headers: {
              "Content-Type": "application/json",
              Accept: "application/json",
              "Idempotency-Key": key,
            },
            body: JSON.stringify(body),
          });
          if (answer.status !== 201) throw new Error(String(answer.status));
          const thanks = document.createElement("p");
          thanks.setAttribute("role", "status");
          thanks.textContent = "Thank you — your feedback helps us make better plans.";
          feedback.replaceWith(thanks);
        } catch {
          feedback.submit(); // the plain post shows the server's own answer (errors or thanks)
        }
      });
    }
  };
  if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", enhance, { once: true });
  else enhance();
})();
