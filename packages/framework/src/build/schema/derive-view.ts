import fs from "node:fs";
import path from "node:path";
import ts from "./typescript.cjs";
import type { ViewCsp, ViewPlan } from "../../definitions/tool-definition.js";
import type { Reporter } from "./derive-parameters.js";
import { evaluateLiteral } from "./evaluate-literal.js";
import { isCspOrigin } from "../../view/csp-origin.js";

/** A tool's view as the decorator declares it: the entry file (absolute) and the plan without its page yet. */
export interface ViewSource {
  readonly entry: string;
  readonly plan: ViewPlan;
}

const KEYS = new Set(["entry", "csp", "prefersBorder"]);
const CSP_KEYS = new Set(["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"]);
const SHAPE =
  '`view: "../views/forecast.ts"` or `view: { entry, csp?: { connectDomains?, resourceDomains?, frameDomains?, baseUriDomains? }, prefersBorder? }`';

/**
 * The view a `@tool({ view })` decorator declares, read from its literal; undefined when it
 * declares none. The entry is resolved against the declaring file and must exist; a value the
 * build cannot read, or of the wrong shape, is reported at the option.
 */
export function deriveView(decorator: ts.Decorator, checker: ts.TypeChecker, report: Reporter): ViewSource | undefined {
  const options = ts.isCallExpression(decorator.expression) ? decorator.expression.arguments[0] : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  const property = options.properties.find((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "view");
  if (!property) return undefined;
  if (!ts.isPropertyAssignment(property)) {
    report.fail(property, `write the view option as ${SHAPE}, so the build can read it`);
    return undefined;
  }
  const value = evaluateLiteral(property.initializer, checker);
  const fields = (typeof value === "string" ? { entry: value } : value) as Record<string, unknown> | undefined;
  if (fields === null || typeof fields !== "object" || Array.isArray(fields) || typeof fields.entry !== "string") {
    report.fail(property.initializer, `the view option must be a literal the build can read: ${SHAPE}`);
    return undefined;
  }
  const unknown = Object.keys(fields).filter((key) => !KEYS.has(key));
  if (unknown.length)
    report.fail(property.initializer, `unknown view option ${unknown.map((k) => `"${k}"`).join(", ")}; the view option takes entry, csp and prefersBorder`);
  const entry = path.resolve(path.dirname(decorator.getSourceFile().fileName), fields.entry);
  if (!fs.existsSync(entry) || !fs.statSync(entry).isFile()) {
    report.fail(
      property.initializer,
      `the view file ${path.relative(process.cwd(), entry)} does not exist (the path is relative to ${path.basename(decorator.getSourceFile().fileName)})`,
    );
    return undefined;
  }
  const csp = readCsp(fields.csp, property.initializer, report);
  if (fields.prefersBorder !== undefined && typeof fields.prefersBorder !== "boolean")
    report.fail(property.initializer, "view.prefersBorder must be true or false");
  return {
    entry,
    plan: {
      html: viewPlaceholder(entry),
      ...(csp ? { csp } : {}),
      ...(typeof fields.prefersBorder === "boolean" ? { prefersBorder: fields.prefersBorder } : {}),
    },
  };
}

// Each list is origins the host writes into the frame's Content-Security-Policy: a value that is
// not an origin (a path, a quote, a `;`) could widen or break the policy, so it is refused here.
function readCsp(value: unknown, node: ts.Node, report: Reporter): ViewCsp | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    report.fail(node, "view.csp must be an object: { connectDomains?, resourceDomains?, frameDomains?, baseUriDomains? }, each a list of origins");
    return undefined;
  }
  const csp: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(value)) {
    if (!CSP_KEYS.has(key)) {
      report.fail(node, `unknown view.csp key "${key}"; it takes connectDomains, resourceDomains, frameDomains and baseUriDomains`);
      continue;
    }
    const bad = Array.isArray(list) ? list.filter((origin) => !isCspOrigin(origin)) : [list];
    if (bad.length) {
      report.fail(
        node,
        `view.csp.${key} must list origins such as "https://api.example.com" or "https://*.example.com"; not ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
      );
      continue;
    }
    csp[key] = list as string[];
  }
  return csp;
}

const PLACEHOLDER = "typemcp:view:";

/**
 * What a view's `html` holds between the emit and the bundling of its page: its entry, as hex
 * (ASCII, so it reads back the same from any emitted string literal). `typemcp build` puts the
 * page in its place before anything is written.
 */
export function viewPlaceholder(entry: string): string {
  return PLACEHOLDER + Buffer.from(entry).toString("hex");
}

/** The entry file a view placeholder stands for; undefined for anything else (a page already made). */
export function viewEntryOf(html: string): string | undefined {
  return html.startsWith(PLACEHOLDER) ? Buffer.from(html.slice(PLACEHOLDER.length), "hex").toString() : undefined;
}
