import fs from "node:fs";
import { connectServer, type ServerConnection } from "../host/connect-server.js";
import { HostError } from "../errors/host-error.js";
import type { ServerSpec } from "../host/server-spec.js";
import { startPreviewServer, type PreviewServer } from "../preview/preview-server.js";
import { UI_EXTENSION } from "../runtime/sdk/sdk.js";
import { VIEW_MIME_TYPE } from "../runtime/components/tool-views.js";
import { readVersion } from "./cli-help.js";
import { parseArgs } from "./parse-options.js";
import { readProtocol, readServerSource, readTimeout, SERVER_OPTIONS } from "./server-options.js";
import { runHostCommand } from "./run-host-command.js";

const PAGE = new URL("../preview/preview-page.html", import.meta.url);

/**
 * `typemcp view (-- command… | --url URL) [--port N]`: serves a page on 127.0.0.1 that lists the
 * server's tools, calls one with a form built from its input schema, and renders its view (MCP
 * Apps) as a host does. Runs until interrupted; returns the exit code.
 */
export function runView(argv: readonly string[]): Promise<number> {
  return runHostCommand(async () => {
    const { options, positionals, rest } = parseArgs(argv, { ...SERVER_OPTIONS, port: "string" }, "view");
    if (positionals.length)
      throw new HostError("HOST_USAGE", `typemcp view takes one server (-- command… or --url), not names (got "${positionals.join(" ")}").`);
    const source = readServerSource(options, rest);
    if (!source.single) throw new HostError("HOST_USAGE", "typemcp view shows one server: -- command… or --url URL.");
    const preview = await startPreview(source.single, { port: readPort(options.port), timeoutMs: readTimeout(options), protocol: readProtocol(options) });
    process.stderr.write(`typemcp view: ${preview.url}\n`);
    await new Promise<void>((resolve) => {
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
    });
    await preview.close();
    return 0;
  });
}

/** Starts the preview page for `spec`, connecting as a host that renders views (for `typemcp view` and `typemcp dev --view`). */
export function startPreview(
  spec: ServerSpec,
  options: { port?: number; timeoutMs: number; protocol?: ReturnType<typeof readProtocol>; onStderrLine?: (line: string) => void },
): Promise<PreviewServer> {
  const connect = (): Promise<ServerConnection> =>
    connectServer(spec, {
      timeoutMs: options.timeoutMs,
      clientName: "typemcp view",
      clientVersion: readVersion(),
      extensions: { [UI_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] } },
      ...(options.protocol ? { protocol: options.protocol } : {}),
      ...(options.onStderrLine ? { onStderrLine: options.onStderrLine } : {}),
    });
  return startPreviewServer({ connect, page: fs.readFileSync(PAGE, "utf8"), ...(options.port === undefined ? {} : { port: options.port }) });
}

function readPort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new HostError("HOST_USAGE", `--port takes a port number 0-65535 (0: any free one); got "${text}".`);
  return port;
}
