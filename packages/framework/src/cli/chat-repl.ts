import { fileURLToPath } from "node:url";
import { neutralised, show } from "./terminal-text.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface, type Interface } from "node:readline";
import type { ChatSession } from "../host/chat/chat-session.js";
import { describePrompts, describeResources, getPromptText, mentionsIn, readAttachment } from "./chat-context.js";
import type { Root } from "../host/client-answers.js";
import type { ChatRoots } from "./chat-roots.js";
import type { OpenServer } from "./open-servers.js";

const HELP = `/tools     the tools the model is offered, and which need your approval
/servers   the connected servers
/resources the servers' resources; /attach server:uri (or @server:uri in a message) adds one to your next message
/prompts   the servers' prompts; /prompt server__name key=value… sends one as your message
/roots     the directories the servers may work in; /roots add PATH, /roots remove PATH change them (the servers are told)
/save FILE save the conversation, to go on with later (typemcp chat --resume FILE)
/clear     forget the conversation so far
/quit      leave (Ctrl-D too)
Ctrl-C while the model or a tool is working cancels that turn, not the session.
`;
const HISTORY_LINES = 500;

/** What the interactive session needs from `typemcp chat`. */
export interface ChatReplOptions {
  createSession: (ask?: (question: string) => Promise<string>) => ChatSession;
  servers: readonly OpenServer[];
  /** The server as the session offers it now (after a restart, or withdrawn), by name. */
  offered?: (name: string) => { readonly tools: readonly unknown[]; readonly withdrawn: boolean } | undefined;
  policyText: string;
  /** `/save FILE`. */
  save: (file: string, session: ChatSession) => void;
  /** Whether the roots were given with --root (else they are the working directory). */
  rootsChosen?: boolean;
  /** The servers offered the folders their command lines name rather than the roots, until the user chooses roots. */
  ownFolders?: readonly { server: string; folders: readonly Root[] }[];
  /** `/roots`: the roots, changed in place; `rootsChanged` tells the servers. */
  roots?: ChatRoots;
  rootsChanged?: () => Promise<string>;
}

/**
 * The interactive `typemcp chat`: reads a message, runs the turn, prints the transcript and the
 * answer, and again, with line editing and history on a terminal (kept between sessions). Slash
 * commands: /tools, /servers, /clear, /help, /quit. Ctrl-C cancels a running turn (the model
 * request and any tool call, which the server is told about) and keeps the session. Without a
 * terminal, each line of stdin is one message, and calls needing approval are refused.
 */
export async function runChatRepl(options: ChatReplOptions): Promise<number> {
  const terminal = process.stdin.isTTY === true;
  const historyFile = terminal ? historyPath() : undefined;
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal,
    historySize: HISTORY_LINES,
    history: historyFile ? readHistory(historyFile) : [],
  });
  let turn: AbortController | undefined;
  // The end of input ends the session after the turn that is running: piped messages arrive, and
  // stdin closes, long before the model has answered them.
  const lines = new LineQueue(rl);
  rl.on("SIGINT", () => {
    if (turn) {
      turn.abort();
      process.stdout.write("\n^C cancelling this turn…\n");
    } else process.stdout.write("\n(/quit or Ctrl-D to leave)\n");
  });
  const ask = async (question: string) => {
    // The question may quote a server (a form's message, a URL): shown, never obeyed.
    const answer = (await lines.next(neutralised(question), turn?.signal)) ?? "";
    // A y/n/a answer is not a message worth recalling with the up arrow.
    const history = (rl as unknown as { history?: string[] }).history;
    if (history?.[0] === answer) history.shift();
    return answer;
  };
  let session = options.createSession(terminal ? ask : undefined);
  // Resources attached with /attach wait here for the next message.
  const attachments: string[] = [];
  const send = async (text: string) => {
    const message = [...attachments.splice(0), text].join("\n\n");
    turn = new AbortController();
    try {
      await session.send(message, { signal: turn.signal });
    } catch (error) {
      // A failed turn (the provider down, a server gone) is reported; the session goes on.
      show(process.stdout, `typemcp: ${error instanceof Error ? error.message : String(error)}\n`);
    } finally {
      turn = undefined;
    }
  };
  const names = options.servers.map((s) => s.name).join(", ");
  show(process.stdout, `typemcp chat with ${names}: ${session.tools().length} tools. /help for commands.\n`);
  showRoots(options);
  try {
    for (;;) {
      const line = await lines.next(terminal ? "you> " : "");
      if (line === undefined) break;
      const text = line.trim();
      if (text === "") continue;
      if (text === "/quit" || text === "/exit") break;
      if (text === "/help") process.stdout.write(HELP);
      else if (text === "/tools") show(process.stdout, describeTools(session, options.policyText));
      else if (text === "/servers") show(process.stdout, describeServers(options.servers, options.offered));
      else if ((text === "/roots" || text.startsWith("/roots ")) && options.roots)
        show(process.stdout, await changeRoots(options.roots, text, options.rootsChanged));
      else if (text.startsWith("/save ")) {
        const file = text.slice(6).trim();
        const saved = await attempt(async () => {
          options.save(file, session);
          return true;
        });
        if (saved) process.stdout.write(`Saved ${session.messages.length} messages to ${file}; go on with --resume ${file}.\n`);
      } else if (text === "/resources") show(process.stdout, (await attempt(() => describeResources(options.servers))) ?? "");
      else if (text === "/prompts") show(process.stdout, (await attempt(() => describePrompts(options.servers))) ?? "");
      else if (text.startsWith("/attach ")) {
        const attached = await attempt(() => readAttachment(options.servers, text.slice(8).trim()));
        if (attached !== undefined) {
          attachments.push(attached);
          process.stdout.write(`Attached ${text.slice(8).trim()} to your next message.\n`);
        }
      } else if (text.startsWith("/prompt ")) {
        const prompt = await attempt(() => getPromptText(options.servers, text.slice(8)));
        if (prompt !== undefined) await send(prompt);
      } else if (text === "/clear") {
        session = options.createSession(terminal ? ask : undefined);
        process.stdout.write("Conversation cleared.\n");
      } else if (text.startsWith("/")) process.stdout.write(`Unknown command ${text}.\n${HELP}`);
      else {
        const mentioned = await attempt(() => Promise.all(mentionsIn(text, options.servers).map((ref) => readAttachment(options.servers, ref))));
        if (mentioned !== undefined) await send([...mentioned, text].join("\n\n"));
      }
    }
  } finally {
    if (historyFile) writeHistory(historyFile, (rl as unknown as { history: string[] }).history);
    rl.close();
  }
  return 0;
}

/**
 * Every line of input, in order, whether or not someone is waiting for it: piped input arrives
 * all at once, and a line typed while a turn runs is the next message.
 */
class LineQueue {
  private readonly queued: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private ended = false;

  constructor(private readonly rl: Interface) {
    rl.on("line", (line) => (this.waiting ? this.take(line) : this.queued.push(line)));
    rl.on("close", () => {
      this.ended = true;
      this.take(undefined);
    });
  }

  /** The next line, after showing `prompt`; undefined at the end of input, "" when `signal` aborts. */
  next(prompt: string, signal?: AbortSignal): Promise<string | undefined> {
    if (this.queued.length) return Promise.resolve(this.queued.shift());
    if (this.ended) return Promise.resolve(undefined);
    if (signal?.aborted) return Promise.resolve("");
    if (prompt) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    return new Promise((resolve) => {
      const onAbort = () => this.take("");
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting = (line) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(line);
      };
    });
  }

  private take(line: string | undefined): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(line);
  }
}

// `/roots`, `/roots add PATH`, `/roots remove PATH`: a change is made, then the servers are told.
async function changeRoots(roots: ChatRoots, text: string, told?: () => Promise<string>): Promise<string> {
  const [, verb, ...rest] = text.split(/\s+/);
  const value = rest.join(" ");
  if (verb === undefined) return roots.describe();
  if ((verb !== "add" && verb !== "remove") || !value) return "Use /roots, /roots add PATH or /roots remove PATH.\n";
  const changed = await attempt(async () => (verb === "add" ? roots.add(value) : roots.remove(value)));
  if (!changed) return "";
  const servers = told ? ` ${await told()}` : "";
  return `${verb === "add" ? "Added" : "Removed"} root ${changed.uri}.${servers}\n`;
}

// A command that fails (a bad reference, a server error) is one line; the session goes on.
async function attempt<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    show(process.stdout, `typemcp: ${error instanceof Error ? error.message : String(error)}\n`);
    return undefined;
  }
}

function describeTools(session: ChatSession, policyText: string): string {
  const tools = session.tools();
  const width = Math.max(0, ...tools.map((t) => t.qualifiedName.length));
  const lines = tools.map((t) => `${t.qualifiedName.padEnd(width)}  ${t.asksFirst ? "asks first  " : "read-only   "}${firstLine(t.tool.description)}`);
  return `${lines.join("\n") || "No tools."}\n${policyText ? `(${policyText})\n` : ""}`;
}

function describeServers(servers: readonly OpenServer[], offered: ChatReplOptions["offered"]): string {
  return `${servers
    .map(({ name, connection }) => {
      const who = connection.identity ? `${connection.identity.name} ${connection.identity.version}` : "unnamed";
      const where = connection.spec.kind === "http" ? connection.spec.url : [connection.spec.command, ...connection.spec.args].join(" ");
      const now = offered?.(name);
      if (now?.withdrawn) return `${name}: ${who}, stopped: its tools are withdrawn, ${where}`;
      return `${name}: ${who}, ${(now?.tools ?? connection.tools).length} tools, ${where}`;
    })
    .join("\n")}\n`;
}

function firstLine(text: string | undefined): string {
  const line = (text ?? "").split("\n")[0]!.trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function historyPath(): string {
  const state = process.env.XDG_STATE_HOME || path.join(os.homedir(), ".local", "state");
  return path.join(state, "typemcp", "chat_history");
}

function readHistory(file: string): string[] {
  try {
    // readline keeps the newest first.
    return fs.readFileSync(file, "utf8").split("\n").filter(Boolean).reverse().slice(0, HISTORY_LINES);
  } catch {
    return [];
  }
}

function writeHistory(file: string, history: readonly string[]): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${[...history].slice(0, HISTORY_LINES).reverse().join("\n")}\n`, { mode: 0o600 });
  } catch {
    // History is a convenience; a read-only home must not break the session.
  }
}

/**
 * Said before the first message: a server that asks for roots may work anywhere under them, and
 * one configured with a folder of its own is offered that folder instead (see own-folders.ts).
 */
function showRoots(options: ChatReplOptions): void {
  if (options.roots) {
    const where = options.roots.list.map((root) => (root.uri.startsWith("file:") ? fileURLToPath(root.uri) : root.uri)).join(", ");
    show(
      process.stdout,
      `Roots offered to servers that ask: ${where || "none"}${options.rootsChosen ? "" : " (the working directory; choose with --root)"}.\n`,
    );
    for (const { server, folders } of options.ownFolders ?? []) {
      const paths = folders.map((root) => fileURLToPath(root.uri)).join(", ");
      show(process.stdout, `${server || "The server"} is offered the folder${folders.length === 1 ? "" : "s"} its command line names instead: ${paths}.\n`);
    }
  }
}
