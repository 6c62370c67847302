import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectServer } from "typemcp/host";
import { startFakeProvider, type FakeProvider } from "./support/fake-providers.js";
import { typemcp } from "./support/host-cli.js";
import { startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot, ROOT } from "./support/paths.js";

/** test/fixtures/src/host-questions.ts, built by the global setup: tools that elicit, sample and list roots. */
const QUESTIONS = fromRoot("test/fixtures/dist/tc39/host-questions.js");
const SERVER = ["--", process.execPath, QUESTIONS];
/** test/fixtures/src/typed-elicit.ts, built by the global setup: tools that ask with `ctx.elicit<T>(message)`. */
const TYPED_ELICIT = fromRoot("test/fixtures/dist/tc39/typed-elicit.js");
const ERAS = [
  ["2026-07-28", "auto", "2026-07-28 (stateless: found by server/discover"],
  ["2025-11-25", "2025-11-25", "2025-11-25 (initialize handshake: --protocol 2025-11-25)"],
] as const;

/** The environment with no provider keys of the developer's own. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"]) delete env[name];
  return { ...env, ...extra };
}

describe.each(ERAS)("typemcp call answers a server's questions in protocol %s", (_era, protocol, eraLine) => {
  const call = (tool: string, extra: string[] = [], env?: NodeJS.ProcessEnv) =>
    typemcp(["call", tool, "--protocol", protocol, ...extra, ...SERVER], { env: env ?? cleanEnv() });

  test("declares roots and elicitation (with or without --answer or a terminal), sampling only with a model", async () => {
    const bare = await call("abilities", ["--verbose"]);
    expect(bare.stdout).toBe('{"elicitation":true,"sampling":false,"roots":true}\n');
    expect(bare.stderr).toContain(`[questions] protocol ${eraLine}`);
    expect(bare.status).toBe(0);
    const answering = await call("abilities", ["--answer", "decline"]);
    expect(answering.stdout).toBe('{"elicitation":true,"sampling":false,"roots":true}\n');
    expect(answering.stderr).toBe("typemcp: note: 1 --answer value(s) left unused: the server asked 0 question(s).\n");
  });

  test("answers a form from --answer, filling in the defaults it leaves out", async () => {
    const run = await call("book", ["--answer", '{"name": "Ada", "room": "double", "breakfast": true}']);
    expect(run.stdout).toBe('booked {"name":"Ada","room":"double","breakfast":true,"nights":1}\n');
    expect(run.stderr).toBe('typemcp: server "questions" asked "Who is staying, and for how long?"; answered accept from --answer #1.\n');
    expect(run.status).toBe(0);
  });

  test("answers ctx.elicit<T>(message), whose schema typemcp build derived from T, and the tool gets the typed answer", async () => {
    const run = await typemcp(
      ["call", "register", "--protocol", protocol, "--answer", '{"name": "Ada", "guests": 2, "meal": "fish"}', "--", process.execPath, TYPED_ELICIT],
      {
        env: cleanEnv(),
      },
    );
    expect(run.stdout).toBe("Ada + 2 guest(s), fish\n");
    expect(run.status).toBe(0);
  });

  test("uses one --answer per question, in order, decline included", async () => {
    const run = await call("twoQuestions", ["--answer", '{"name": "Ada"}', "--answer", "decline"]);
    expect(run.stdout).toBe("accept:Ada decline:-\n");
    expect(run.status).toBe(0);
  });

  test("declines a question left over when the --answer values run out, saying how to answer it", async () => {
    const run = await call("twoQuestions", ["--answer", '{"name": "Ada"}']);
    expect(run.stdout).toBe("accept:Ada decline:-\n");
    expect(run.stderr).toBe(
      'typemcp: server "questions" asked "Your name?"; answered accept from --answer #1.\n' +
        `typemcp: server "questions" asked "Your favourite colour?"; declined: there is no terminal to ask on and no --answer left. Answer it with --answer '{"colour":"…"}' (or --answer decline, --answer cancel).\n`,
    );
    expect(run.status).toBe(0);
  });

  test("without a terminal or an --answer, declines the question, saying why and how to answer it, as --help promises", async () => {
    const run = await call("book");
    expect(run.stdout).toBe("not booked (decline)\n");
    expect(run.stderr).toBe(
      `typemcp: server "questions" asked "Who is staying, and for how long?"; declined: there is no terminal to ask on and no --answer left. Answer it with --answer '{"name":"…","nights":1,"breakfast":true,"room":"single"}' (or --answer decline, --answer cancel).\n`,
    );
    expect(run.status).toBe(0);
  });

  test("exits 2 naming the field when an --answer does not fit the form, and prints no result", async () => {
    const run = await call("book", ["--answer", '{"name": "Ada", "room": "triple", "nights": 30}']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      'typemcp: --answer #1 does not fit what server "questions" asked "Who is staying, and for how long?": "room": must be one of single, double; got "triple"; "nights": must be a whole number from 1 to 14; got 30.',
    );
  });

  test("shares the current directory as the root, or the --root paths", async () => {
    const here = await call("whereAmI");
    expect(here.stdout).toBe(`file://${ROOT.replace(/\/$/, "")} (${ROOT.replace(/\/$/, "").split("/").pop()})\n`);
    const chosen = await call("whereAmI", ["--root", "test", "--root", "packages/framework"]);
    expect(chosen.stdout).toBe(`file://${fromRoot("test")} (test)\nfile://${fromRoot("packages/framework")} (framework)\n`);
  });

  describe("sampling", () => {
    let fake: FakeProvider;
    beforeAll(async () => {
      fake = await startFakeProvider("openai", () => ({ text: "A greeting." }));
    });
    afterAll(() => fake?.close());

    test("runs the server's request on the --model given with --allow-sampling, and says so on stderr", async () => {
      const before = fake.generations().length;
      const run = await call(
        "summarize",
        ["--arg", "text=hello there", "--provider", "openai", "--model", "test-model", "--base-url", fake.baseUrl, "--allow-sampling"],
        cleanEnv({ OPENAI_API_KEY: "test-key" }),
      );
      expect(run.stdout).toBe("model test-model said: A greeting.\n");
      // Allowed: shown, not asked.
      expect(run.stderr).toBe(
        '⤷ server "questions" asks the model (test-model, sampling, at most 50 tokens):\n    system: Be brief.\n    user: Summarise: hello there\n  ⤶ A greeting.\n',
      );
      expect(run.status).toBe(0);
      const [sent] = fake.generations().slice(before);
      expect(sent).toMatchObject({
        model: "test-model",
        max_completion_tokens: 50,
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "Summarise: hello there" },
        ],
      });
      expect(sent.tools).toBeUndefined();
    });

    test("without --allow-sampling or a terminal to ask on, refuses to spend the model on the server's request, as chat does", async () => {
      const before = fake.generations().length;
      const run = await call(
        "summarize",
        ["--arg", "text=hello there", "--provider", "openai", "--model", "test-model", "--base-url", fake.baseUrl],
        cleanEnv({ OPENAI_API_KEY: "test-key" }),
      );
      expect(run.stderr).toContain(
        '  ✗ refused: The host refused to let the model answer server "questions" (sampling): the server is not trusted, and there is no terminal to ask (trust it with "trust": "read-only" in mcp.json, or run with --allow-sampling).\n',
      );
      expect(fake.generations().length).toBe(before);
    });

    test("without a model, does not declare sampling, so the tool cannot sample", async () => {
      const run = await call("summarize", ["--arg", "text=hello"]);
      if (protocol === "auto") {
        // 2026-07-28: the server's SDK refuses the question itself, with -32021.
        expect(run.status).toBe(3);
        expect(run.stderr).toMatch(
          /answered tools\/call with an error: Cannot request input 'input-0' \(sampling\/createMessage\): the request's client capabilities do not declare the required capability\n$/,
        );
      } else {
        // 2025-11-25: the tool sees the capability missing and reports it as its error.
        expect(run.status).toBe(1);
        expect(run.stdout).toBe("This client cannot run its model for this server (it did not declare the sampling capability).\n");
      }
    });
  });
});

describe("typemcp call answers a server's questions over Streamable HTTP", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(QUESTIONS);
  });
  afterAll(() => server?.stop());

  test.each(ERAS)("in protocol %s", async (_era, protocol, eraLine) => {
    const run = await typemcp(["call", "book", "--protocol", protocol, "--verbose", "--answer", '{"name": "Ada", "room": "single"}', "--url", server.url], {
      env: cleanEnv(),
    });
    expect(run.stdout).toBe('booked {"name":"Ada","room":"single","nights":1}\n');
    expect(run.stderr).toContain(`[questions] protocol ${eraLine}`);
    expect(run.status).toBe(0);
  });
});

describe("typemcp/host connectServer with answers", () => {
  test("pauses a call's --timeout while the host answers the server's question (2025-11-25)", { timeout: 60_000 }, async () => {
    const server = await connectServer(
      { kind: "stdio", command: process.execPath, args: [QUESTIONS], inheritEnv: true },
      {
        // 10 s, since it bounds starting the server too (a cold start on a loaded 2-core machine
        // has taken over 1 s, and a 3 s limit left too little room).
        timeoutMs: 10_000,
        clientName: "test",
        clientVersion: "1.0.0",
        protocol: "2025-11-25",
        answers: {
          // A person who takes longer than the timeout to answer.
          elicit: async (request, { server: from }) => {
            await new Promise((resolve) => setTimeout(resolve, 10_500));
            return { action: "accept", content: { name: `${from}:${request.message}`, room: "single" } };
          },
        },
      },
    );
    try {
      expect(server.era.protocolVersion).toBe("2025-11-25");
      const result = await server.call("book", {});
      expect(result.content).toEqual([{ type: "text", text: 'booked {"name":"questions:Who is staying, and for how long?","room":"single"}' }]);
    } finally {
      await server.close();
    }
  });

  test("takes roots as a function read at each roots/list, and notifyRootsChanged tells a 2025-11-25 server", async () => {
    let roots = [{ uri: "file:///srv/a", name: "a" }];
    const server = await connectServer(
      { kind: "stdio", command: process.execPath, args: [fromRoot("test/fixtures/trust-server.mjs")], inheritEnv: true },
      { timeoutMs: 10_000, clientName: "test", clientVersion: "1.0.0", answers: { roots: () => roots } },
    );
    try {
      const where = async () => (await server.call("where", {})).content;
      expect(await where()).toEqual([{ type: "text", text: "file:///srv/a (a)\ntold of 0 change(s)" }]);
      roots = [{ uri: "file:///srv/b", name: "b" }];
      await server.notifyRootsChanged();
      expect(await where()).toEqual([{ type: "text", text: "file:///srv/b (b)\ntold of 1 change(s), last: b" }]);
    } finally {
      await server.close();
    }
  });

  test("a call refused until the user completes a URL step (-32042) is asked like a URL elicitation, then made again once the server says the step is done", async () => {
    const trust = { kind: "stdio", command: process.execPath, args: [fromRoot("test/fixtures/trust-server.mjs")], inheritEnv: true } as const;
    const base = { timeoutMs: 10_000, clientName: "test", clientVersion: "1.0.0" };
    const asked: unknown[] = [];
    const completed: string[] = [];
    const accepting = await connectServer(trust, {
      ...base,
      answers: {
        elicitUrl: async (request, { server: from }) => (asked.push({ from, ...request }), { action: "accept" }),
        elicitationComplete: (id) => completed.push(id),
      },
    });
    try {
      expect((await accepting.call("sync", {})).content).toEqual([{ type: "text", text: "sync: done after 2 call(s)" }]);
      expect(asked).toEqual([{ from: "trust", message: "Authorize the sync.", url: "https://sync.example.com/authorize?state=s1", elicitationId: "e-2" }]);
      expect(completed).toEqual(["e-2"]);
    } finally {
      await accepting.close();
    }
    // Declined: the server's error is the call's, and the call is not made again.
    let stepDone!: () => void;
    const serverSaysDone = new Promise<void>((resolve) => (stepDone = resolve));
    const declining = await connectServer(trust, {
      ...base,
      answers: { elicitUrl: async () => ({ action: "decline" }) },
      onWire: (direction, message) => {
        if (direction === "receive" && "method" in message && message.method === "notifications/elicitation/complete") stepDone();
      },
    });
    try {
      await expect(declining.call("sync", {})).rejects.toThrow("This request requires the user to authorize the sync.");
      // The server marks the step done 100 ms after refusing, then says so: the next call is after that.
      await serverSaysDone;
      expect((await declining.call("sync", {})).content).toEqual([{ type: "text", text: "sync: done after 2 call(s)" }]);
    } finally {
      await declining.close();
    }
    // A host that opens no URLs gets the error as it came.
    const formOnly = await connectServer(trust, { ...base, answers: { elicit: async () => ({ action: "cancel" }) } });
    try {
      await expect(formOnly.call("sync", {})).rejects.toThrow("This request requires the user to authorize the sync.");
    } finally {
      await formOnly.close();
    }
  });

  test("declares elicitation.url only with elicitUrl, which gets the URL; the server's elicitation/complete reaches elicitationComplete", async () => {
    const trust = { kind: "stdio", command: process.execPath, args: [fromRoot("test/fixtures/trust-server.mjs")], inheritEnv: true } as const;
    const base = { timeoutMs: 10_000, clientName: "test", clientVersion: "1.0.0" };
    const formOnly = await connectServer(trust, { ...base, answers: { elicit: async () => ({ action: "cancel" }) } });
    try {
      expect((await formOnly.call("connect", {})).content).toEqual([{ type: "text", text: "The host cannot open URLs (no elicitation.url capability)." }]);
    } finally {
      await formOnly.close();
    }
    const asked: unknown[] = [];
    let done!: (id: string) => void;
    const completed = new Promise<string>((resolve) => (done = resolve));
    const server = await connectServer(trust, {
      ...base,
      answers: {
        elicitUrl: async (request, { server: from }) => (asked.push({ from, ...request }), { action: "accept" }),
        elicitationComplete: (id, { server: from }) => done(`${from}:${id}`),
      },
    });
    try {
      expect((await server.call("connect", {})).content).toEqual([{ type: "text", text: "connect: accept" }]);
      expect(asked).toEqual([
        { from: "trust", message: "Sign in to your calendar.", url: "https://calendar.example.com/connect?session=abc", elicitationId: "e-1" },
      ]);
      expect(await completed).toBe("trust:e-1");
    } finally {
      await server.close();
    }
  });
});

describe("typemcp call on a call refused until a URL step is done (-32042)", () => {
  const TRUST = ["--", process.execPath, fromRoot("test/fixtures/trust-server.mjs")];

  test("--answer accept accepts the step and the call is made again once the server says it is done", async () => {
    const run = await typemcp(["call", "sync", "--answer", "accept", ...TRUST], { env: cleanEnv() });
    expect(run.stdout).toBe("sync: done after 2 call(s)\n");
    expect(run.stderr).toContain('typemcp: server "trust" says the step you opened is done (e-2).\n');
    expect(run.status).toBe(0);
  });

  test("a form's content as --answer does not fit the step: exit 2, naming it", async () => {
    const run = await typemcp(["call", "sync", "--answer", '{"name": "Ada"}', ...TRUST], { env: cleanEnv() });
    expect(run.stderr).toContain('typemcp: --answer #1 is a form\'s content, but server "trust" asked you to open');
    expect(run.status).toBe(2);
  });
});
