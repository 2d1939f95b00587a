// The landing page's words as data: hero, features, benefits, testimonials and the call to
// action. Components render these lists; they do not repeat the text.
import type { LucideIcon } from "lucide-react";
import BookOpenCheck from "lucide-react/icons/book-open-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import ChartLine from "lucide-react/icons/chart-line";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Clock from "lucide-react/icons/clock";
import FolderKanban from "lucide-react/icons/folder-kanban";
import GraduationCap from "lucide-react/icons/graduation-cap";
import MessageSquareText from "lucide-react/icons/message-square-text";
import Sparkles from "lucide-react/icons/sparkles";
import TrendingUp from "lucide-react/icons/trending-up";
import { PRODUCT_NAME } from "./site";

/** Feature is one item of the features grid (SPEC A3: icon, title, description). */
export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** Benefit is one item of the benefits grid (SPEC A3: icon, title, description). */
export interface Benefit {
  icon: LucideIcon;
  title: string;
  description: string;
  /** A short figure shown as a badge beside the icon. */
  highlight?: string;
}

/** Testimonial is a teacher's quote (SPEC A3: quote, author, role, image). */
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  image: { src: string; width: number; height: number };
}

export const hero = {
  eyebrow: "For high school teachers",
  title: "Teach more. Plan, grade and organise less.",
  subtitle: `${PRODUCT_NAME} is the AI teaching assistant that drafts your lesson plans, speeds up grading and turns student work into clear feedback — so your time goes to your students.`,
  cta: "Try Now!",
  note: "Free to try. No sign-up needed for your first lesson plan.",
} as const;

export const featuresSection = {
  title: "Everything your week needs, in one assistant",
  intro: "Six tools built around how high school teachers actually work.",
} as const;

/** features are the six features of SPEC A1, in its order. */
export const features: readonly Feature[] = [
  {
    icon: Sparkles,
    title: "AI lesson planning",
    description:
      "Describe your subject, grade, topic and period length, and get a structured lesson plan on screen at once: objectives, timed activities that add up to your period, checks for understanding, and a Word file to edit.",
  },
  {
    icon: ClipboardCheck,
    title: "Automated grading",
    description:
      "Grade quizzes and short answers against your rubric in minutes, then review and adjust every score before it counts.",
  },
  {
    icon: FolderKanban,
    title: "Curriculum management",
    description:
      "Map units to your standards, see what is covered and what is left, and keep a whole year's plan in one place.",
  },
  {
    icon: MessageSquareText,
    title: "Automated student feedback",
    description:
      "Turn rubric scores into specific, encouraging comments each student can act on — in your voice, ready for you to edit.",
  },
  {
    icon: ChartLine,
    title: "Progress tracking with analytics",
    description:
      "Spot who is falling behind and which skills need reteaching, with clear charts by class, standard and assignment.",
  },
  {
    icon: CalendarClock,
    title: "Smart scheduling",
    description:
      "Fit lessons, assessments and deadlines around your school calendar, and reshuffle the week in one move when plans change.",
  },
];

export const benefitsSection = {
  title: `Why teachers choose ${PRODUCT_NAME}`,
  intro: "Less time on paperwork, more time for the part of the job that matters.",
} as const;

/** benefits are the four benefits of SPEC A1, in its order. */
export const benefits: readonly Benefit[] = [
  {
    icon: Clock,
    title: "Save time",
    highlight: "Up to 60%",
    description:
      "With up to 60% less administrative work, the planning, grading and feedback that used to take your evenings now take minutes.",
  },
  {
    icon: TrendingUp,
    title: "Better results",
    description:
      "Faster, more specific feedback and early warnings help students improve while the lesson is still fresh.",
  },
  {
    icon: BookOpenCheck,
    title: "Stay organised",
    description: "Plans, rubrics, grades and deadlines live together, so nothing slips through the cracks.",
  },
  {
    icon: GraduationCap,
    title: "Grow professionally",
    description:
      "Try new instructional models with ready-made structures, and reflect on what works with data from your own classes.",
  },
];

export const testimonialsSection = {
  title: "Loved by teachers",
  intro: `What high school teachers say after a term with ${PRODUCT_NAME}.`,
} as const;

/**
 * testimonials — SAMPLE CONTENT. These quotes, names and portraits are illustrative
 * placeholders, not real people. Replace them with real, consented quotes (and photos used
 * with permission) before launch. See README, "Sample content".
 */
export const testimonials: readonly Testimonial[] = [
  {
    quote:
      "I used to spend Sunday afternoons planning the week. Now I have a solid first draft for every lesson by Friday lunch, and I spend the time adapting it to my students.",
    author: "Maria Alvarez",
    role: "Biology teacher, grades 9–10",
    image: { src: "/images/testimonials/maria-alvarez.svg", width: 96, height: 96 },
  },
  {
    quote:
      "Grading 150 essays used to take me two weekends. With rubric-based grading and drafted comments, my students get feedback in days, not weeks.",
    author: "James Okafor",
    role: "English teacher, grade 11",
    image: { src: "/images/testimonials/james-okafor.svg", width: 96, height: 96 },
  },
  {
    quote:
      "The progress charts showed me which standards my juniors were missing before the unit test, not after. That changed how I plan my review days.",
    author: "Priya Shah",
    role: "Mathematics department head",
    image: { src: "/images/testimonials/priya-shah.svg", width: 96, height: 96 },
  },
];

export const ctaSection = {
  title: "Plan your next lesson in minutes",
  text: `Tell ${PRODUCT_NAME} what you are teaching and get a lesson plan you can use tomorrow — free.`,
  cta: "Try Now",
} as const;
