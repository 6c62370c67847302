import fs from "node:fs";
import path from "node:path";
import { HostError } from "../errors/host-error.js";
import { generateTools } from "../openapi/generate-tools.js";
import { toKebabCase } from "../openapi/naming.js";
import { readDocument } from "../openapi/read-document.js";
import { parseArgs } from "./parse-options.js";
import { runHostCommand } from "./run-host-command.js";

const SPEC = { out: "string", class: "string", tag: "strings", operation: "strings", deprecated: "boolean", force: "boolean" } as const;

/**
 * `typemcp openapi SPEC [--out FILE] [--class NAME] [--tag T]... [--operation ID]... [--deprecated] [--force]`:
 * reads an OpenAPI 3.0/3.1/3.2 document (a file or URL, JSON or YAML) and writes one TypeScript class
 * of `@tool` methods, one per operation, that the author owns: `typemcp build` then derives the
 * schemas from its types as for any tool. The file goes to `--out` (default
 * `src/<api-title>-tools.ts`; `-` for stdout) and is not overwritten without `--force`; a
 * summary (tools, skipped operations and why, the settings it reads) goes to stderr.
 */
export function runOpenApi(argv: readonly string[]): Promise<number> {
  return runHostCommand(async () => {
    const { options, positionals } = parseArgs(argv, SPEC, "openapi");
    if (positionals.length !== 1)
      throw new HostError(
        "HOST_USAGE",
        positionals.length ? `one spec at a time; got ${positionals.join(", ")}.` : "which spec? Give an OpenAPI file or URL: typemcp openapi openapi.yaml",
      );
    const source = positionals[0]!;
    if (options.class !== undefined && !/^[A-Z][A-Za-z\d]*$/.test(options.class))
      throw new HostError("HOST_USAGE", `--class must be a class name (a capital letter, then letters and digits), not "${options.class}".`);
    if (options.out !== undefined && options.out !== "-" && !/\.[cm]?ts$/.test(options.out))
      throw new HostError("HOST_USAGE", `--out names the TypeScript file to write (src/api-tools.ts), not "${options.out}"; or - for stdout.`);
    const list = (values: string[]) =>
      values
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter(Boolean);
    const document = await readDocument(source);
    const generated = generateTools(document, {
      source: /^https?:/i.test(source) ? source : path.basename(source),
      className: options.class,
      tags: list(options.tag),
      operations: list(options.operation),
      includeDeprecated: options.deprecated,
    });
    if (generated.tools.length === 0) {
      for (const line of summaryLines(generated).slice(0, -1)) process.stderr.write(`${line}\n`);
      throw new HostError(
        "HOST_USAGE",
        `no operation of ${source} became a tool${options.tag.length || options.operation.length ? " (check --tag and --operation)" : ""}; nothing written.`,
      );
    }
    const out = options.out ?? path.join("src", `${toKebabCase(document.info?.title ?? "api").replace(/-tools$/, "")}-tools.ts`);
    if (out === "-") process.stdout.write(generated.text);
    else {
      if (fs.existsSync(out) && !options.force) throw new HostError("HOST_USAGE", `${out} exists; typemcp openapi does not overwrite it without --force.`);
      fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      fs.writeFileSync(out, generated.text);
    }
    const where = out === "-" ? "stdout" : out;
    process.stderr.write(`typemcp openapi: wrote ${where}: class ${generated.className}, ${generated.tools.length} tool(s).\n`);
    for (const line of summaryLines(generated)) process.stderr.write(`${line}\n`);
    const module = out === "-" ? "./tools.js" : `./${path.basename(out).replace(/\.ts$/, ".js")}`;
    process.stderr.write(
      `Serve it: import { ${generated.className} } from "${module}"; serve(new ${generated.className}(), { name, version }); then typemcp build.\n`,
    );
    return 0;
  });
}

function summaryLines(generated: ReturnType<typeof generateTools>): string[] {
  return [
    ...generated.tools.map((tool) => `  ${tool.methodName}  ${tool.httpMethod} ${tool.path}`),
    ...generated.skipped.map((s) => `  skipped ${s.operation}: ${s.reason}`),
    ...generated.warnings.map((w) => `  note: ${w}`),
    `  settings (environment): ${generated.settings.join(", ")}`,
  ];
}
