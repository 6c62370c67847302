import nodeModule from "node:module";
import { closestName } from "../serve/closest-name.js";
import { helpFor, readVersion } from "./cli-help.js";

const USAGE = `Usage: typemcp <command>      (typemcp --version; typemcp <command> --help)

Commands:
  build [--project tsconfig.json] [--entry FILE]... [--target PLATFORM]... [--check] [--no-bundle] [--external name]...
      Type-check the server package, derive each @tool method's schema from its types and
      JSDoc, and emit the JavaScript with the definitions built in. Each entry point (files
      that call serve(), package.json "bin" targets, --entry) is then bundled with all it
      imports (server.js starts server.bundle.js beside it). Nothing is written unless the
      whole build succeeds.
      --check writes nothing; --no-bundle keeps plain tsc output; --external leaves a package
      as an import (native addons); --target workers|deno|bun|vercel also writes the entry as
      that platform runs it (server.workers.js…). typemcp build --help says more.

  dev [ENTRY] [--project tsconfig.json] [--http [--port N]] [--view [--view-port N]] [--inspect] [-- SERVER ARGS]
      Build, run the server, and on every change rebuild incrementally, say what changed
      (tools added, removed, schema changed) and restart it. A failed rebuild prints its
      errors and keeps the last good server. ENTRY is a source or emitted file (default: the
      package.json "bin"). Over HTTP the port stays the same; over stdio the host's session
      survives restarts. --inspect runs it under the MCP Inspector. --view serves it over HTTP
      with the typemcp view page beside it (see view), reloaded on every rebuild.

  pack [--project tsconfig.json] [--entry FILE] [--out DIR]
      Package the built server for hosts: NAME-VERSION.mcpb, an MCP Bundle whose manifest.json
      lists its tools and a user setting for each environment variable the code reads, and
      server.json, its MCP Registry entry (package.json "mcpName"). typemcp pack --help says more.

  install HOST... [--name NAME] [--env NAME=VALUE]... [--dry-run] (-- COMMAND [ARGS]... | --url URL)
  uninstall HOST... --name NAME
      Write the server into the config of claude-desktop, claude-code, cursor, vscode, gemini
      or goose, showing the change and keeping the file as it was (FILE.bak); uninstall takes
      out only what install wrote. typemcp install --help says more.

  list [SERVERS] [--json | --provider anthropic|openai-chat|openai-responses|gemini]
      Connect to each server, ask tools/list, and print one table of every tool as
      server__tool, with its arguments (optional ones end in ?) and the first sentence of its
      description. --json prints the tools as JSON; --provider prints them in that model
      provider's tool format.

  call SERVER__TOOL [--arg name=value]... [--args '{"name": …}'] [--json] [SERVERS]
      Call one tool on the server that owns it and print the text of the result (--json: the
      whole result). --arg values are typed by the tool's input schema: numbers, booleans,
      and JSON arrays and objects are parsed, strings stay as typed.
      --allow PATTERN / --deny PATTERN   only call tools that match / never those that do
                                         (globs on qualified names: "towns__*"; repeatable)
      --confirm [--yes]                  ask y/N before a tool not marked read-only;
                                         without a terminal, refuse unless --yes
      --task                             run a task tool as a task: each status it reports
                                         (its progress) on stderr, then its result
      --answer '{"field": …}'|accept|decline|cancel
                                         the answer to the server's next question to the
                                         user (elicitation; repeatable, used in order); on a
                                         terminal, questions left over are asked there,
                                         without one they are declined, saying why
      --provider P --model M [--base-url URL]
                                         a model for the server's sampling requests (none:
                                         sampling is not offered), each asked on the
                                         terminal first unless --allow-sampling

  chat [SERVERS] --provider anthropic|openai|gemini|azure|ollama --model NAME [--base-url URL] [--prompt TEXT]
      A model with every server's tools; the host checks each call it proposes (the tool
      exists, the arguments fit its schema, --allow/--deny, your approval: for every call, but
      read-only tools of servers with "trust": "read-only" in mcp.json) before running it.
      --prompt runs one task and prints the answer; without it, an interactive session (/tools,
      /servers, /resources, /attach, /prompts, /prompt, /save FILE, /quit). Keys:
      ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, AZURE_OPENAI_API_KEY; --base-url
      reaches any OpenAI-compatible engine (llama.cpp, vLLM, OpenRouter).
      --yes approves every call and resource read   --lazy-tools a tool search first
      --code  code mode: the model writes programs that find the tools (their TypeScript
              declarations) and call them, run in Deno with no permissions (each
              call still checked and asked like a direct one); "code": true in mcp.json does
              it for one server. Deno: --deno PATH, TYPEMCP_DENO, node_modules/.bin or PATH.
              --sandbox workerd runs them in workerd isolates instead (--workerd PATH,
              TYPEMCP_WORKERD, node_modules/.bin or PATH).
              --code-timeout MS (default 30000, tool calls not counted), --code-memory MB (128)
      --max-steps N (default 10)  --json the whole transcript   --system TEXT
      --max-tokens N per answer   --retries N after 429/5xx (default 2)   --resume FILE
      --stream / --no-stream (default: stream on a terminal)   --timeout MS bounds each model
      request too (without it, 120 s)
      --read-resources  the model may list and read the servers' resources itself (each read
              asked, unless its server is trusted; cut at 20,000 characters)
      --read-skills  the model may list the servers' skills and load one on request (asked once
              per skill, unless its server is trusted; each file checked against its digest)
      A server's sampling requests go to the same model, shown in the transcript and asked
      like a call (refused without a terminal) unless the server is trusted or
      --allow-sampling (--yes does not cover it). A URL a server asks you to open
      (elicitation) is opened only if you agree. Its questions to the user are asked on the
      terminal or answered by --answer, as for call. /roots add PATH, /roots remove PATH
      change the roots in a session.

  types [SERVERS] [--out FILE]
      Connect to each server, ask tools/list, and write TypeScript declarations for every
      tool: one namespace per server, a function per tool taking its input schema as a type
      and resolving to its output schema's type (or the CallToolResult), descriptions as
      JSDoc. Any MCP server will do. Use them with createToolApi from typemcp/host, so a call
      with wrong arguments fails tsc; code mode (chat --code) shows the model the same.

  openapi SPEC [--out FILE] [--class NAME] [--tag TAG]... [--operation ID]... [--deprecated] [--force]
      Write an existing REST API as a class of @tool methods you own and edit: one per
      operation of the OpenAPI 3.0, 3.1 or 3.2 document SPEC (a file or URL, JSON or YAML), typed
      from its schemas, described from its summaries, calling the API with fetch; typemcp build
      then derives the schemas as for any tool. --out FILE (default src/API-TITLE-tools.ts; -
      for stdout; an existing file only with --force), --class the class name, --tag and
      --operation (repeatable, or comma-separated) pick operations, --deprecated includes
      deprecated ones. The base URL and credentials are read from environment variables the
      file's header names. See docs/openapi.md.

  view (-- COMMAND [ARGS]... | --url URL) [--port N]
      Serve a page on 127.0.0.1 that lists the server's tools, calls one with a form built from
      its input schema, and renders its view (MCP Apps, @tool({ view })) as a host does: in a
      sandboxed frame through the official AppBridge, light or dark, wide or narrow. Open the
      URL it prints. typemcp dev --view does the same for the server it rebuilds, reloading the
      page on every rebuild.

  SERVERS, one way:
      -- COMMAND [ARGS]...     start a stdio server: typemcp list -- node dist/server.js
      --url URL                a Streamable HTTP server (--header "Name: value" to add headers).
                               OAuth: --login [--client-id ID] [--scope S] logs you in in a browser
                               (the URL is printed; a client registers itself where the authorization
                               server allows); for a machine, --client-id ID --issuer URL [--scope S]
                               and the secret in TYPEMCP_CLIENT_SECRET. Tokens are kept in
                               ~/.typemcp/tokens.json (0600) and refreshed; in mcp.json, "oauth": {…}
      --config FILE [NAMES]    servers from an mcp.json-style file ({"mcpServers": {…}}); list
                               takes names (default: all); call picks the server by the tool's prefix
      --name NAME              the name a -- or --url server's tools are qualified with
                               (default: the name the server gives itself)
  Also: --verbose prints every JSON-RPC message both ways on stderr, timestamped;
        --timeout MS bounds each request (default 30000; time spent answering the server's
        questions does not count); --protocol auto|2026-07-28|2025-11-25 pins the era
        (default auto: 2026-07-28 where the server speaks it); --root PATH (call, chat;
        repeatable) the roots shared with servers (default: the current directory).

Exit codes (list, call): 0 success, 1 the tool returned an error, 2 usage (bad flag, unknown
tool, a value the schema cannot take), 3 a server could not be started, reached or answered,
4 the call was refused (--allow/--deny, --confirm). chat --prompt: 0 answered, 2 usage or a
missing key/SDK, 3 a server or the provider failed, 5 --max-steps ended the turn, 130 Ctrl-C.
`;

/** The commands `typemcp` runs, for the "did you mean" of a mistyped one. */
const COMMANDS = ["build", "dev", "pack", "install", "uninstall", "list", "call", "chat", "types", "openapi", "view"];

const [command, ...rest] = process.argv.slice(2);
// `typemcp <command> --help` prints help and does nothing else (build's own help is its usage).
const wantsHelp = rest.slice(0, rest.includes("--") ? rest.indexOf("--") : undefined).some((a) => a === "--help" || a === "-h");
const ownHelp = ["build", "pack", "install", "uninstall"];
if (wantsHelp && command !== undefined && !ownHelp.includes(command) && COMMANDS.includes(command)) {
  process.stdout.write(helpFor(command, USAGE));
  process.exit(0);
}
// Each command is loaded when run: list and call never load the TypeScript compiler build needs.
// build and dev do, first thing: a lost compiler is one line, not a module-resolution stack.
if (command === "build" || command === "dev" || command === "pack") {
  const missing = (await import("../build/schema/compiler-missing.js")).compilerMissing();
  if (missing) {
    process.stderr.write(`typemcp: ${missing}\n`);
    process.exit(1);
  }
}
switch (command) {
  case "--version":
  case "-v":
  case "version":
    process.stdout.write(`${readVersion()}\n`);
    break;
  case "build":
    exitOnceWritten(await (await import("./build-command.js")).runBuild(rest));
    break;
  case "pack":
    exitOnceWritten(await (await import("./pack-command.js")).runPack(rest));
    break;
  case "dev":
    // Exits outright: the watcher, the relay and the server it ran are all closed by then.
    process.exit(await (await import("./dev-command.js")).runDev(rest));
    break;
  case "install":
  case "uninstall":
    process.exitCode = await (await import("./install-command.js")).runInstall(rest, command === "uninstall");
    break;
  case "list":
    process.exitCode = await (await import("./list-command.js")).runList(rest);
    break;
  case "call":
    process.exitCode = await (await import("./call-command.js")).runCall(rest);
    break;
  case "types":
    process.exitCode = await (await import("./types-command.js")).runTypes(rest);
    break;
  case "view":
    process.exitCode = await (await import("./view-command.js")).runView(rest);
    break;
  case "chat":
    process.exitCode = await (await import("./chat-command.js")).runChat(rest);
    break;
  case "openapi":
    process.exitCode = await (await import("./openapi-command.js")).runOpenApi(rest);
    break;
  case undefined:
  case "help":
  case "--help":
  case "-h":
    process.stdout.write(USAGE);
    break;
  default: {
    // One line, not the whole help: the nearest command when the name is a typo, else the list.
    const near = closestName(command, COMMANDS);
    const hint = near ? `did you mean typemcp ${near}?` : `the commands are ${COMMANDS.join(", ")}`;
    process.stderr.write(`typemcp: unknown command "${command}"; ${hint} (typemcp --help says more)\n`);
    process.exitCode = 2;
  }
}

/**
 * Ends the process as soon as stdout and stderr have taken what was written to them, without
 * first freeing a heap that holds a whole TypeScript program (a tenth of a second on a large
 * project; `tsc` does not wait for it either). typemcp's cache of TypeScript's code is written on
 * "exit" still, and Node's compile cache (22.1+) is written first.
 */
function exitOnceWritten(code: number): void {
  let pending = 2;
  const written = (): void => {
    if (--pending > 0) return;
    (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
    process.exit(code);
  };
  process.stdout.write("", written);
  process.stderr.write("", written);
}
