// The page `typemcp view` (and `typemcp dev --view`) serves: the server's tools, a form per tool
// built from its input schema, and each result's view rendered as a host renders it: in a
// sandboxed frame, through the official MCP Apps AppBridge, with every call from the view sent
// on to the server by this page's host (the preview server). Reloads on every rebuild.
import { AppBridge, PostMessageTransport, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import "./preview-page.css";

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Schema;
  _meta?: { ui?: { resourceUri?: string } };
}
interface ServerInfo {
  identity?: { name: string; title?: string; version: string };
  era: { protocolVersion: string };
  tools: Tool[];
}
type CallResult = { content?: Array<{ type: string; text?: string }>; structuredContent?: unknown; isError?: boolean };

const state: { server?: ServerInfo; tool?: Tool; args?: Record<string, unknown>; theme: "light" | "dark"; narrow: boolean; bridge?: AppBridge } = {
  theme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
  narrow: false,
};

document.body.innerHTML = `
  <header><h1 id="title">typemcp view</h1><span class="muted" id="era"></span><span class="spacer"></span>
    <button id="theme" type="button"></button><button id="width" type="button"></button></header>
  <div class="layout"><nav id="tools"></nav><section id="main"><p class="muted">Choose a tool.</p></section></div>`;
const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

$("#theme").addEventListener("click", () => setTheme(state.theme === "dark" ? "light" : "dark"));
$("#width").addEventListener("click", () => {
  state.narrow = !state.narrow;
  renderToggles();
  document.querySelector(".frame-box")?.classList.toggle("narrow", state.narrow);
  state.bridge?.setHostContext(hostContext());
});

function setTheme(theme: "light" | "dark"): void {
  state.theme = theme;
  document.documentElement.dataset.theme = theme;
  renderToggles();
  state.bridge?.setHostContext(hostContext());
}

function renderToggles(): void {
  $("#theme").textContent = state.theme === "dark" ? "Light theme" : "Dark theme";
  $("#width").textContent = state.narrow ? "Wide" : "Narrow";
}

async function loadServer(): Promise<void> {
  const server = (await (await fetch("/api/server")).json()) as ServerInfo;
  state.server = server;
  $("#title").textContent = server.identity?.title ?? server.identity?.name ?? "MCP server";
  $("#era").textContent = `${server.identity?.name ?? ""} ${server.identity?.version ?? ""} · protocol ${server.era.protocolVersion}`;
  const nav = $("#tools");
  nav.innerHTML = "";
  for (const tool of server.tools) {
    const button = nav.appendChild(document.createElement("button"));
    button.type = "button";
    button.dataset.tool = tool.name;
    button.textContent = tool.title ?? tool.name;
    if (tool._meta?.ui?.resourceUri) button.insertAdjacentHTML("beforeend", `<span class="badge">view</span>`);
    button.addEventListener("click", () => selectTool(tool.name));
  }
  if (state.tool) selectTool(state.tool.name, state.args);
}

function selectTool(name: string, args?: Record<string, unknown>): void {
  const tool = state.server?.tools.find((t) => t.name === name);
  if (!tool) return;
  state.tool = tool;
  for (const button of document.querySelectorAll<HTMLElement>("nav button")) button.classList.toggle("selected", button.dataset.tool === name);
  const main = $("#main");
  main.innerHTML = `<h2></h2><p class="muted" id="description"></p><form id="form"></form><div id="result"></div>`;
  main.querySelector("h2")!.textContent = `${tool.title ?? tool.name} (${tool.name})`;
  $("#description").textContent = tool.description ?? "";
  const form = $<HTMLFormElement>("#form");
  const properties = tool.inputSchema.properties ?? {};
  for (const [field, schema] of Object.entries(properties))
    form.appendChild(fieldFor(field, schema, tool.inputSchema.required?.includes(field) ?? false, args?.[field]));
  form.insertAdjacentHTML("beforeend", `<div><button class="primary" type="submit">Call ${tool.name}</button></div>`);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void call(tool, readForm(form, properties));
  });
  if (args) void call(tool, args);
}

function fieldFor(name: string, schema: Schema, required: boolean, value: unknown): HTMLElement {
  const label = document.createElement("label");
  label.innerHTML = `<span><b></b>${required ? " *" : ""}</span>`;
  label.querySelector("b")!.textContent = name;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const initial = value ?? schema.default;
  let input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  if (schema.enum) {
    input = document.createElement("select");
    const options = [...(required ? [] : [""]), ...schema.enum.map(String)];
    input.innerHTML = options.map((o) => `<option>${o.replace(/</g, "&lt;")}</option>`).join("");
  } else if (type === "boolean") {
    input = Object.assign(document.createElement("input"), { type: "checkbox", checked: initial === true });
  } else if (type === "number" || type === "integer") {
    input = Object.assign(document.createElement("input"), { type: "number", step: type === "integer" ? "1" : "any" });
    if (schema.minimum !== undefined) input.min = String(schema.minimum);
    if (schema.maximum !== undefined) input.max = String(schema.maximum);
  } else if (type === "array" && (schema.items?.type === "string" || schema.items?.type === "number")) {
    input = Object.assign(document.createElement("input"), { type: "text", placeholder: "comma-separated" });
  } else if (type === "string") {
    input = Object.assign(document.createElement("input"), { type: "text" });
  } else {
    input = Object.assign(document.createElement("textarea"), { rows: 3, placeholder: "JSON" });
  }
  input.name = name;
  input.dataset.kind = schema.enum ? "enum" : type === "array" ? `array-${schema.items?.type}` : (type ?? "json");
  if (initial !== undefined && !(input instanceof HTMLInputElement && input.type === "checkbox")) {
    input.value =
      Array.isArray(initial) && input.dataset.kind?.startsWith("array-")
        ? initial.join(", ")
        : typeof initial === "object"
          ? JSON.stringify(initial)
          : String(initial);
  }
  label.appendChild(input);
  if (schema.description) label.insertAdjacentHTML("beforeend", `<span class="hint"></span>`), (label.lastElementChild!.textContent = schema.description);
  return label;
}

function readForm(form: HTMLFormElement, properties: Record<string, Schema>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    if (!input) continue;
    const kind = input.dataset.kind;
    if (kind === "boolean") {
      args[name] = input.checked;
      continue;
    }
    const text = input.value.trim();
    if (text === "") continue;
    if (kind === "number" || kind === "integer") args[name] = Number(text);
    else if (kind === "array-string")
      args[name] = text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    else if (kind === "array-number") args[name] = text.split(",").map((s) => Number(s.trim()));
    else if (kind === "json") args[name] = JSON.parse(text);
    else args[name] = text;
  }
  return args;
}

async function callTool(name: string, args: Record<string, unknown>): Promise<CallResult> {
  const response = await fetch("/api/call", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, arguments: args }),
  });
  const answer = (await response.json()) as CallResult & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

async function call(tool: Tool, args: Record<string, unknown>): Promise<void> {
  state.args = args;
  const box = $("#result");
  box.innerHTML = `<p class="muted">Calling ${tool.name}…</p>`;
  let result: CallResult;
  try {
    result = await callTool(tool.name, args);
  } catch (error) {
    box.innerHTML = `<p class="error"></p>`;
    box.querySelector("p")!.textContent = (error as Error).message;
    return;
  }
  box.innerHTML = `<details><summary>Result${result.isError ? " (error)" : ""}</summary><pre></pre></details>`;
  box.querySelector("pre")!.textContent = JSON.stringify(result, null, 2);
  const uri = tool._meta?.ui?.resourceUri;
  if (uri) await renderView(box, tool, uri, args, result);
}

function hostContext(): McpUiHostContext {
  return {
    theme: state.theme,
    displayMode: "inline",
    availableDisplayModes: ["inline"],
    platform: "web",
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    containerDimensions: { maxHeight: 4000, ...(state.narrow ? { width: 380 } : { maxWidth: 1200 }) },
    ...(state.tool ? { toolInfo: { tool: state.tool as never } } : {}),
  };
}

// As a host renders a view: its page in a sandboxed frame (scripts only: no same origin, no
// forms, no popups), served by the preview server with the CSP the view declared, talking to
// this page over postMessage through the AppBridge, which answers its tool calls by calling
// the server through the host.
async function renderView(box: HTMLElement, tool: Tool, uri: string, args: Record<string, unknown>, result: CallResult): Promise<void> {
  await state.bridge?.close().catch(() => undefined);
  const holder = document.createElement("div");
  holder.className = `frame-box${state.narrow ? " narrow" : ""}`;
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.title = `${tool.name} view`;
  frame.src = `/frame?uri=${encodeURIComponent(uri)}`;
  holder.appendChild(frame);
  box.prepend(holder);
  const bridge = new AppBridge(
    null,
    { name: "typemcp view", version: "1.0.0" },
    { serverTools: {}, logging: {}, openLinks: {} },
    { hostContext: hostContext() },
  );
  state.bridge = bridge;
  bridge.oncalltool = async (params) => (await callTool(params.name, params.arguments ?? {})) as never;
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${Math.ceil(height)}px`;
  };
  bridge.onopenlink = async ({ url }) => {
    window.open(url, "_blank", "noopener");
    return {};
  };
  bridge.onloggingmessage = (message) => {
    console.log(`[view ${tool.name}]`, message.data);
    // What the view threw (typemcp/view reports it, named by the view's file and line): shown above the frame.
    const report = message.data as { text?: unknown } | undefined;
    if (message.level === "error" && message.logger === "typemcp view" && typeof report?.text === "string") showViewError(holder, tool, report.text);
  };
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: args });
    void bridge.sendToolResult(result as never);
    holder.dataset.ready = "true";
  };
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
}

function showViewError(holder: HTMLElement, tool: Tool, text: string): void {
  const line = document.createElement("p");
  line.className = "error view-error";
  line.setAttribute("role", "alert");
  line.textContent = `The ${tool.name} view threw ${text}`;
  holder.before(line);
}

new EventSource("/api/events").addEventListener("reload", () => void loadServer());
setTheme(state.theme);
void loadServer();
