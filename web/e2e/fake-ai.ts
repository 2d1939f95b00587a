import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The one fake the tests allow: the paid AI API at the edge, played by a real HTTP server on
// loopback that speaks OpenAI's chat-completions streaming protocol (server-sent events:
// `data: {"choices":[{"delta":{"content":"…"}}]}` chunks, then `data: [DONE]`). The content it
// streams is a lesson plan as JSON in the schema's section order (internal/plan/aischema.go),
// cut into small pieces so that sections, and strings within them, arrive split. A gate can
// hold every stream after a given section until the test opens it, so a test can look at the
// page while the plan is still on its way.

/** AISections are the sections a model writes, in the order it writes them. */
export const AISections = [
  "title",
  "standards",
  "objectives",
  "successCriteria",
  "materials",
  "vocabulary",
  "priorKnowledge",
  "phases",
  "exitTicket",
  "differentiation",
  "misconceptions",
  "homework",
] as const;
type AISection = (typeof AISections)[number];

/** AIPlan is a plan as a model writes it (the sections above). */
export type AIPlan = Record<AISection, unknown>;

/** Gate holds the streams that reach its section until open() is called. */
export type Gate = {
  /** reached resolves when a stream has sent its section and is waiting. */
  reached: Promise<void>;
  open(): void;
};

/** FakeAI is a running fake provider. */
export type FakeAI = {
  /** baseURL is what AI_BASE_URL should be (requests go to baseURL/chat/completions). */
  baseURL: string;
  /** requests are the bodies (parsed JSON) and Authorization headers received, in order. */
  requests: { body: unknown; raw: string; authorization: string }[];
  /** plan is what the model answers; set it before the request is made. */
  plan: AIPlan | undefined;
  /** hold makes the next streams stop after section until the returned gate is opened. */
  hold(section: AISection): Gate;
  stop(): Promise<void>;
};

/** chunk is one chat-completions stream event carrying text (and a finish reason, if any). */
function chunk(content: string, finish: string | null = null): string {
  const data = {
    id: "chatcmpl-e2e",
    object: "chat.completion.chunk",
    model: "fake-model",
    choices: [{ index: 0, delta: content ? { content } : {}, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(data)}\n\n`;
}

/** pieces cuts text into pieces of at most 17 characters. */
function pieces(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 17) out.push(text.slice(i, i + 17));
  return out;
}

/** startFakeAI starts the fake provider on a free loopback port. */
export async function startFakeAI(): Promise<FakeAI> {
  let gate: { section: AISection; opened: Promise<void>; arrived: () => void } | undefined;
  const fake: FakeAI = {
    baseURL: "",
    requests: [],
    plan: undefined,
    hold(section) {
      let open = () => {};
      let arrived = () => {};
      const opened = new Promise<void>((r) => {
        open = r;
      });
      const reached = new Promise<void>((r) => {
        arrived = r;
      });
      gate = { section, opened, arrived };
      return { reached, open };
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const part of req) raw += part;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    fake.requests.push({ body, raw, authorization: req.headers.authorization ?? "" });
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end(`wrong endpoint ${req.method} ${req.url}`);
      return;
    }
    const plan = fake.plan;
    if (!plan || (body as { stream?: unknown } | undefined)?.stream !== true) {
      res.writeHead(400, { "Content-Type": "application/json" }).end('{"error":{"message":"bad request"}}');
      return;
    }
    const mine = gate;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.write(": a comment line, which clients ignore\n\n");
    for (const [i, key] of AISections.entries()) {
      const last = i === AISections.length - 1;
      const text = `${i === 0 ? "{" : ""}"${key}": ${JSON.stringify(plan[key])}${last ? "}" : ",\n"}`;
      for (const p of pieces(text)) res.write(chunk(p));
      if (mine && mine.section === key) {
        mine.arrived();
        // Wait for the test, or for the site to hang up.
        const closed = new Promise<void>((r) => res.once("close", () => r()));
        await Promise.race([mine.opened, closed]);
        if (res.destroyed || res.writableEnded) return;
      }
    }
    res.write(chunk("", "stop"));
    res.end("data: [DONE]\n\n");
  };
  const server: Server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/**
 * aiPlan is the plan the fake model writes for a lesson on topic lasting minutes, with
 * supports for English learners: recognisably the AI's ("AI draft: …", a phase named
 * "Model think-aloud"), its phases' minutes adding up to minutes.
 */
export function aiPlan(topic: string, minutes: number): AIPlan {
  const warm = 5;
  const close = 5;
  const model = Math.round((minutes - warm - close) / 2);
  const practice = minutes - warm - close - model;
  return {
    title: `AI draft: ${topic}`,
    standards: [],
    objectives: [
      { text: `Students will be able to explain the main ideas of ${topic}.`, bloom: "understand" },
      {
        text: `Students will be able to analyse an example of ${topic} and justify a claim.`,
        bloom: "analyse",
      },
    ],
    successCriteria: ["I can explain the main idea in my own words.", "I can justify a claim with evidence."],
    materials: ["Whiteboard and markers", "A one-page handout of worked examples"],
    vocabulary: [{ term: "evidence", meaning: "facts or observations that support a claim" }],
    priorKnowledge: ["What a claim is and how to support it"],
    phases: [
      {
        name: "Warm-up question",
        minutes: warm,
        teacherMoves: ["Pose one question that links to the last lesson."],
        studentTasks: ["Answer on a mini whiteboard."],
        check: "Scan the boards for the common answer.",
        supports: [{ need: "english-learners", text: "Offer a sentence frame: I think … because …" }],
      },
      {
        name: "Model think-aloud",
        minutes: model,
        teacherMoves: ["Work one example aloud, naming each decision."],
        studentTasks: ["Annotate the worked example."],
        check: "Ask two students to restate the next step.",
        supports: [],
      },
      {
        name: "Paired practice",
        minutes: practice,
        teacherMoves: ["Circulate and ask probing questions."],
        studentTasks: ["Solve two problems in pairs, then swap and check."],
        check: "Collect one answer per pair.",
        supports: [{ need: "english-learners", text: "Pair with a supportive partner and a glossary." }],
      },
      {
        name: "Closing summary",
        minutes: close,
        teacherMoves: ["Ask for one sentence summarising the lesson."],
        studentTasks: ["Write the summary sentence."],
        check: "Read three summaries aloud.",
        supports: [],
      },
    ],
    exitTicket: { prompts: ["Explain the main idea with one example."], lookFor: "A correct example." },
    differentiation: [
      {
        need: "english-learners",
        supports: [
          { kind: "language", bloom: "", text: "Sentence frames for every discussion." },
          { kind: "vocabulary", bloom: "", text: "A word wall with pictures." },
        ],
      },
    ],
    misconceptions: [
      { misconception: "Any example proves a claim.", address: "Contrast a strong and a weak example." },
    ],
    homework: { kind: "homework", text: "Find one real-life example and explain it in three sentences." },
  };
}
