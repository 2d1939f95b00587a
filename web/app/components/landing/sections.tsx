import ArrowRight from "lucide-react/icons/arrow-right";
import Check from "lucide-react/icons/check";
import Quote from "lucide-react/icons/quote";
import { Link } from "react-router";
import {
  benefits,
  benefitsSection,
  ctaSection,
  features,
  featuresSection,
  hero,
  testimonials,
  testimonialsSection,
} from "~/config/content";
import { paths } from "~/config/site";

const primaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-700";

/** SectionHeading is the centred h2 and intro of a landing-page section. */
function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-700">{intro}</p>
    </div>
  );
}

/** Hero opens the landing page: the promise and the Try Now! call to action. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:px-8 lg:pb-24">
        <div>
          <p className="inline-flex rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-800">
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">{hero.subtitle}</p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <Link to={paths.lessonPlan} className={primaryButton}>
              {hero.cta}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <p className="text-sm text-slate-700">{hero.note}</p>
          </div>
        </div>
        <LessonPlanPreview />
      </div>
    </section>
  );
}

/** LessonPlanPreview is a decorative, text-free-of-meaning mock of a drafted lesson plan (no image request). */
function LessonPlanPreview() {
  const steps = [
    "Warm-up: cell photo sort (5 min)",
    "Mini-lesson: organelles (15 min)",
    "Lab stations (20 min)",
    "Exit ticket (10 min)",
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md select-none lg:block">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-tr from-indigo-200/60 to-sky-100/60 blur-2xl" />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold text-indigo-700">Lesson plan · draft</p>
          <p className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            On screen at once
          </p>
        </div>
        <p className="mt-3 text-xl font-bold text-slate-900">Cell structure and function</p>
        <p className="mt-1 text-sm text-slate-700">Biology · Grade 9 · 50 minutes · NGSS HS-LS1-2</p>
        <ul className="mt-5 space-y-3">
          {steps.map((step) => (
            <li key={step} className="flex items-start gap-3 text-sm text-slate-800">
              <Check className="mt-0.5 size-4 shrink-0 text-indigo-600" />
              {step}
            </li>
          ))}
        </ul>
        <div className="mt-6 grid grid-cols-3 gap-3 text-center">
          {[
            ["3", "objectives"],
            ["2", "differentiations"],
            ["1", "rubric"],
          ].map(([value, label]) => (
            <div key={label} className="rounded-lg bg-indigo-50 px-2 py-3">
              <p className="text-lg font-bold text-indigo-700">{value}</p>
              <p className="text-xs text-slate-700">{label}</p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Features is the grid of the six features (id "features"). */
export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="features-title" title={featuresSection.title} intro={featuresSection.intro} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Benefits is the grid of the four benefits (id "benefits"), led by the 60% claim. */
export function Benefits() {
  return (
    <section
      id="benefits"
      aria-labelledby="benefits-title"
      className="scroll-mt-20 bg-slate-50 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="benefits-title" title={benefitsSection.title} intro={benefitsSection.intro} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map(({ icon: Icon, title, description, highlight }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center justify-between gap-3">
                <Icon aria-hidden="true" className="size-8 text-indigo-600" />
                {highlight ? (
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-indigo-600 px-3 py-1 text-sm font-bold text-white"
                  >
                    {highlight}
                  </span>
                ) : null}
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Testimonials shows the three teacher quotes (id "testimonials"). */
export function Testimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-title"
          title={testimonialsSection.title}
          intro={testimonialsSection.intro}
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.author}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Quote aria-hidden="true" className="size-8 text-indigo-300" />
                <blockquote className="mt-4 flex-1 leading-7 text-slate-800">
                  <p>{`“${t.quote}”`}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-4">
                  <img
                    src={t.image.src}
                    alt={`Portrait of ${t.author}`}
                    width={t.image.width}
                    height={t.image.height}
                    loading="lazy"
                    decoding="async"
                    className="size-12 rounded-full bg-indigo-50"
                  />
                  <div>
                    <p className="font-semibold text-slate-900">{t.author}</p>
                    <p className="text-sm text-slate-700">{t.role}</p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** CtaBand is the closing call to action with the Try Now button. */
export function CtaBand() {
  return (
    <section aria-labelledby="cta-title" className="on-dark bg-indigo-700">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {ctaSection.title}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-indigo-50">{ctaSection.text}</p>
        </div>
        <Link
          to={paths.lessonPlan}
          className="inline-flex min-h-12 shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50"
        >
          {ctaSection.cta}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </section>
  );
}
