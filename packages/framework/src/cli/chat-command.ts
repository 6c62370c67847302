import { describeServer } from "../host/server-spec.js";
import { show } from "./terminal-text.js";
import { ChatSession, DEFAULT_MAX_STEPS } from "../host/chat/chat-session.js";
import type { ChatEvent, TurnOutcome } from "../host/chat/chat-events.js";
import type { ServerConnection } from "../host/connect-server.js";
import { toChatServer } from "./chat-server.js";
import { HostError } from "../errors/host-error.js";
import { createModel } from "../host/models/create-model.js";
import { createTerminalConsent, type AskLine } from "./chat-consent.js";
import { ANSWER_OPTIONS, createCliAnswers, readRoots } from "./cli-answers.js";
import { CODE_SANDBOX_OPTIONS, readCodeSandbox } from "./code-sandbox-options.js";
import { runChatRepl } from "./chat-repl.js";
import { ChatRoots } from "./chat-roots.js";
import { readConversation, saveConversation } from "./chat-save.js";
import { createTranscriptPrinter } from "./chat-transcript.js";
import { formatWireLine } from "./format-wire-line.js";
import { openServers } from "./open-servers.js";
import { parseArgs } from "./parse-options.js";
import { readPresetAnswers } from "./preset-answers.js";
import { openUrlForPerson } from "./url-elicitation.js";
import { runHostCommand } from "./run-host-command.js";
import { readPolicy, readProtocol, readTimeout, readServerSpecs, SERVER_OPTIONS } from "./server-options.js";

const CHAT_OPTIONS = {
  ...SERVER_OPTIONS,
  ...ANSWER_OPTIONS,
  provider: "string",
  model: "string",
  "base-url": "string",
  prompt: "string",
  system: "string",
  yes: "boolean",
  "allow-sampling": "boolean",
  "read-resources": "boolean",
  "read-skills": "boolean",
  "lazy-tools": "boolean",
  "max-steps": "string",
  "max-tokens": "string",
  retries: "string",
  resume: "string",
  stream: "boolean",
  "no-stream": "boolean",
  code: "boolean",
  ...CODE_SANDBOX_OPTIONS,
} as const;

/**
 * `typemcp chat (--config mcp.json | --url URL | -- command…) --provider P --model M [--prompt TEXT]`:
 * a model with every server's tools, each call it proposes checked by the host before it runs.
 * With `--prompt`, one task: the answer on stdout, the transcript on stderr. Without it, an
 * interactive session. Exit codes: 0 answered, 2 usage or provider setup, 3 a server or the
 * provider failed, 5 `--max-steps` (or too many invalid calls) ended the turn, 6 the answer was
 * cut at the output limit or declined by the model or withheld by the provider's content filter, 130 cancelled.
 * A server's sampling requests go to the same model, each shown in the transcript; its questions
 * for the user come from `--answer` or the terminal; `--root` (default: here) are its roots.
 */
export function runChat(argv: readonly string[]): Promise<number> {
  return runHostCommand(async () => {
    const { options, positionals, rest } = parseArgs(argv, CHAT_OPTIONS, "chat");
    const specs = readServerSpecs(options, positionals, rest);
    if (options.json && options.prompt === undefined) throw new HostError("HOST_USAGE", "--json goes with --prompt: it prints the transcript of one task.");
    const maxSteps = readMaxSteps(options["max-steps"]);
    const timeoutMs = readTimeout(options);
    const stderr = (text: string) => show(process.stderr, text);
    const model = await createModel({
      ...(options.provider !== undefined && { provider: options.provider }),
      ...(options.model !== undefined && { model: options.model }),
      ...(options["base-url"] !== undefined && { baseUrl: options["base-url"] }),
      // A model's answer takes longer than an MCP request: only an explicit --timeout bounds it.
      ...(options.timeout !== undefined && { timeoutMs }),
      ...(options.retries !== undefined && { retries: readCount(options.retries, "--retries", 0) }),
      ...(options["max-tokens"] !== undefined && { maxTokens: readCount(options["max-tokens"], "--max-tokens", 1) }),
      ...(options.verbose && {
        onWire: (direction: "send" | "receive", line: string) => stderr(`${formatWireLine(new Date(), "model", direction, line)}\n`),
        onNotice: (text: string) => stderr(`typemcp: note: ${text}\n`),
      }),
    });
    // A wrong key or an unreachable endpoint is reported before any server starts.
    await model.check(AbortSignal.timeout(timeoutMs));

    // Code mode needs its sandbox's runtime: a missing one is reported before any server starts.
    const codeServers = options.code ? undefined : specs.filter((spec) => spec.code).map((spec) => spec.name!);
    const sandbox = readCodeSandbox(options, options.code === true || codeServers!.length > 0, readCount);
    const codeMode = sandbox ? { sandbox, ...(codeServers && { servers: codeServers }) } : undefined;

    // Read before any server starts; it goes to the first session only: /clear starts afresh.
    const resumed = options.resume === undefined ? undefined : readConversation(options.resume, model);
    if (resumed) {
      const tokens = resumed.usage ? `, ${resumed.usage.inputTokens} in and ${resumed.usage.outputTokens} out so far` : "";
      stderr(`typemcp: resumed ${resumed.messages.length} messages from ${options.resume}${tokens}.\n`);
    }
    let history = resumed?.messages;
    const interactive = options.prompt === undefined;
    if (options.stream && options["no-stream"]) throw new HostError("HOST_USAGE", "Give --stream or --no-stream, not both.");
    const events: ChatEvent[] = [];
    // The transcript's stream: the answer has stdout to itself in --prompt mode.
    const transcript = interactive ? (t: string) => show(process.stdout, t) : stderr;
    // Whoever asks the user at the moment: the session's own line reader in the interactive mode.
    let terminalAsk: AskLine | undefined;
    // /roots add and /roots remove change them in a session; each server reads them at its next roots/list.
    const roots = new ChatRoots(readRoots(options.root), (options.root?.length ?? 0) > 0);
    const questions = createCliAnswers({
      openUrl: openUrlForPerson,
      presets: readPresetAnswers(options.answer),
      // Each server its own folders until the user chooses roots (see own-folders.ts).
      roots: ({ server }) => roots.forServer(specs.find((spec) => spec.name === server) ?? (specs.length === 1 ? specs[0] : undefined)),
      // Both modes ask on stdin when it is a terminal (see runChatRepl and runPrompt).
      interactive: process.stdin.isTTY === true,
      terminal: () => terminalAsk,
      model,
      // Sampling spends the user's model on a server's words: asked like a call, unless allowed.
      // --yes approves calls only: letting servers use the model is a grant of its own.
      samplingConsent: {
        allowed: (server) => options["allow-sampling"] || specs.some((spec) => spec.name === server && spec.trust === "read-only"),
      },
      note: transcript,
      onAnswered: (event) => events.push(event),
    });
    // The session whose tools a server's list_changed refreshes: the latest one (/clear makes another).
    const connectOptions = {
      timeoutMs,
      verbose: options.verbose,
      protocol: readProtocol(options),
      answers: questions.answers,
      // A chat keeps its tools for a long time: a server's tools/list_changed is acted on.
      watchLists: true,
    };
    const opened = await openServers(specs, connectOptions);
    // Servers started again after a crash, closed with the rest.
    const replaced: ServerConnection[] = [];
    try {
      for (const failure of opened.failures) stderr(`typemcp: ${failure.message}\n`);
      if (!opened.servers.length) throw opened.failures[0] ?? new HostError("HOST_USAGE", "No servers to chat with.");
      const servers = opened.servers.map(({ name, connection }) =>
        toChatServer(name, connection, {
          note: transcript,
          // The same server, connected as before, named as before.
          reconnect: async () => {
            const again = await openServers([{ ...connection.spec, name }], connectOptions);
            if (!again.servers[0]) throw again.failures[0] ?? new HostError("HOST_SERVER_UNAVAILABLE", `Could not start server "${name}" again.`);
            return again.servers[0].connection;
          },
          onReplaced: (replacement) => replaced.push(replacement),
        }),
      );
      const show = options.json ? () => {} : createTranscriptPrinter(transcript, { verbose: options.verbose, answerToo: interactive });
      const session = (ask?: AskLine) => {
        terminalAsk = ask;
        const earlier = history;
        history = undefined;
        return new ChatSession({
          ...(earlier && { history: earlier }),
          // The first session goes on counting from the saved conversation's tokens.
          ...(earlier && resumed?.usage && { usage: resumed.usage }),
          servers,
          model,
          policy: readPolicy(options),
          consent: createTerminalConsent({ yes: options.yes, ...(ask && { ask }) }),
          lazyTools: options["lazy-tools"],
          readResources: options["read-resources"],
          readSkills: options["read-skills"],
          ...(codeMode && { code: codeMode }),
          // Streamed by default where someone watches the transcript: a terminal.
          stream: !options["no-stream"] && (options.stream || (!options.json && (interactive ? process.stdout : process.stderr).isTTY === true)),
          maxSteps,
          ...(options.system !== undefined && { system: options.system }),
          onEvent: (event) => {
            events.push(event);
            show(event);
          },
        });
      };
      if (interactive)
        return await runChatRepl({
          createSession: session,
          servers: opened.servers,
          // What /servers says of each: its tools as the session offers them, none once withdrawn.
          offered: (name) => servers.find((s) => s.name === name),
          policyText: describePolicy(options),
          save: (file, chat) => saveConversation(file, chat.messages, model, chat.usage),
          roots,
          rootsChosen: (options.root?.length ?? 0) > 0,
          ownFolders: roots.ownFolders(specs),
          rootsChanged: () => tellRootsChanged([...opened.servers.map((s) => s.connection), ...replaced]),
        });
      const code = await runPrompt(options.prompt!, session, events, options.json);
      const misfit = questions.failure();
      if (misfit) throw misfit;
      return code;
    } finally {
      await opened.closeAll();
      await Promise.all(replaced.map((connection) => connection.close().catch(() => {})));
    }
  });
}

async function runPrompt(
  prompt: string,
  createSession: (ask?: (q: string) => Promise<string>) => ChatSession,
  events: ChatEvent[],
  json: boolean,
): Promise<number> {
  // Consent on a terminal when there is one; stdin is not read for anything else in this mode.
  const ask = process.stdin.isTTY ? (await import("./ask-line.js")).askLine : undefined;
  const session = createSession(ask);
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on("SIGINT", onInterrupt);
  const print = (fields: object) => process.stdout.write(`${JSON.stringify({ ...fields, usage: session.usage, events }, null, 2)}\n`);
  try {
    let outcome: TurnOutcome;
    try {
      outcome = await session.send(prompt, { signal: controller.signal });
    } catch (error) {
      // What ran before the provider failed is still reported: the events hold every result.
      if (json && error instanceof HostError) print({ answer: null, stopped: "failed", error: { code: error.code, message: error.message }, steps: null });
      throw error;
    }
    if (json)
      print({
        answer: outcome.answer ?? null,
        stopped: outcome.stopped ?? null,
        ...(outcome.partial !== undefined && { partial: outcome.partial }),
        steps: outcome.steps,
      });
    else {
      const text = outcome.answer ?? outcome.partial;
      if (text !== undefined) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
    }
    return exitCodeOf(outcome);
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}

function exitCodeOf(outcome: TurnOutcome): number {
  if (outcome.stopped === undefined) return 0;
  if (outcome.stopped === "cancelled") return 130;
  return outcome.stopped === "length" || outcome.stopped === "safety" ? 6 : 5;
}

function readCount(text: string, flag: string, least: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least) throw new HostError("HOST_USAGE", `${flag} takes a whole number, ${least} or more; got "${text}".`);
  return value;
}

function readMaxSteps(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_STEPS;
  const steps = Number(text);
  if (!Number.isInteger(steps) || steps < 1) throw new HostError("HOST_USAGE", `--max-steps takes a whole number of model requests, 1 or more; got "${text}".`);
  return steps;
}

function describePolicy(options: { allow: string[]; deny: string[] }): string {
  const parts = [...options.allow.map((p) => `--allow ${p}`), ...options.deny.map((p) => `--deny ${p}`)];
  return parts.join(" ");
}

// notifications/roots/list_changed to every live server (a 2026-07-28 one reads the roots in each call anyway).
async function tellRootsChanged(connections: readonly ServerConnection[]): Promise<string> {
  const live = connections.filter((connection) => !connection.lost);
  const nameOf = (connection: ServerConnection) => connection.spec.name ?? connection.identity?.name ?? describeServer(connection.spec);
  const notified = live.filter((connection) => connection.era.name === "2025-11-25");
  const told = await Promise.allSettled(notified.map((connection) => connection.notifyRootsChanged()));
  const sent = notified.filter((_, i) => told[i]!.status === "fulfilled").map(nameOf);
  const reasons = notified.flatMap((connection, i) => {
    const outcome = told[i]!;
    return outcome.status === "rejected" ? [`${nameOf(connection)}: ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}`] : [];
  });
  const reading = live.filter((connection) => connection.era.name !== "2025-11-25").map(nameOf);
  const parts = [
    ...(sent.length ? [`Told ${sent.join(", ")} (roots/list_changed, 2025-11-25)`] : []),
    ...(reading.length ? [`${reading.join(", ")} ${reading.length === 1 ? "reads" : "read"} them at the next call (2026-07-28)`] : []),
    ...(reasons.length ? [`not told: ${reasons.join("; ")}`] : []),
  ];
  return `${parts.join("; ") || "No server is connected to tell"}.`;
}
