import { toCamelCase, toConstantCase } from "./naming.js";
import type { OpenApiDocument, SecuritySchemeObject } from "./openapi-document.js";
import { resolveRef } from "./resolve-ref.js";

/** One setting of the generated class: a constructor option, read from an environment variable when left out. */
export interface Setting {
  readonly option: string;
  readonly env: string;
  readonly description: string;
}

/** A security scheme the generated class can send, with the settings that hold its secret. */
export interface Credential {
  /** Its key in `components.securitySchemes`, which operations name. */
  readonly scheme: string;
  readonly kind: "bearer" | "basic" | "header" | "query";
  /** The header or query parameter an API key goes in. */
  readonly keyName?: string;
  /** One setting; two for basic (user name, password). */
  readonly settings: readonly Setting[];
}

/**
 * The credentials of `components.securitySchemes`: HTTP bearer (and OAuth 2 and OpenID Connect,
 * whose token the user obtains and sets), HTTP basic, and API keys in a header or the query. Each
 * is read from an environment variable named from `prefix`; a cookie key or another HTTP scheme
 * is reported and left out.
 */
export function toCredentials(document: OpenApiDocument, prefix: string, warn: (message: string) => void): Credential[] {
  const credentials: Credential[] = [];
  const used = new Set<string>();
  // The first scheme of a kind gets the plain name (LIBRARY_TOKEN); another, its own (LIBRARY_ADMIN_TOKEN).
  const name = (plain: string, scheme: string, suffix: string) => {
    const chosen = used.has(plain) ? `${toConstantCase(scheme)}_${suffix}` : plain;
    used.add(chosen);
    return chosen;
  };
  for (const [scheme, reference] of Object.entries(document.components?.securitySchemes ?? {})) {
    const value = resolveRef<SecuritySchemeObject>(document, reference);
    const kind = kindOf(value);
    if (kind === undefined) {
      warn(`security scheme "${scheme}" (${describeScheme(value)}) is not one generated tools send; add it in request() if the API needs it`);
      continue;
    }
    const settings: Setting[] = [];
    const add = (plain: string, suffix: string, description: string) => {
      const env = name(plain, scheme, suffix);
      // HELPDESK_API and API_KEY make HELPDESK_API_KEY, not HELPDESK_API_API_KEY.
      const full = prefix.endsWith("_API") && env.startsWith("API_") ? `${prefix}${env.slice(3)}` : `${prefix}_${env}`;
      settings.push({ option: toCamelCase(env === plain ? suffix : `${scheme} ${suffix}`), env: full, description });
    };
    if (kind === "bearer") add("TOKEN", "TOKEN", `The bearer token sent as Authorization (security scheme "${scheme}").`);
    else if (kind === "basic") {
      add("USERNAME", "USERNAME", `The user name for HTTP basic authentication (security scheme "${scheme}").`);
      add("PASSWORD", "PASSWORD", `The password for HTTP basic authentication (security scheme "${scheme}").`);
    } else add("API_KEY", "API_KEY", `The API key sent as the ${kind} ${value!.name} (security scheme "${scheme}").`);
    credentials.push({ scheme, kind, keyName: value?.name, settings });
  }
  return credentials;
}

function kindOf(scheme: SecuritySchemeObject | undefined): Credential["kind"] | undefined {
  if (scheme?.type === "http" && scheme.scheme?.toLowerCase() === "bearer") return "bearer";
  if (scheme?.type === "http" && scheme.scheme?.toLowerCase() === "basic") return "basic";
  if (scheme?.type === "oauth2" || scheme?.type === "openIdConnect") return "bearer";
  if (scheme?.type === "apiKey" && typeof scheme.name === "string" && (scheme.in === "header" || scheme.in === "query")) return scheme.in;
  return undefined;
}

function describeScheme(scheme: SecuritySchemeObject | undefined): string {
  if (!scheme) return "unresolved";
  return [scheme.type, scheme.scheme, scheme.in && `in ${scheme.in}`].filter(Boolean).join(" ");
}

/** The statements of the generated `authorize` method that add `credential` to a request. */
export function authorizeCode(credential: Credential, indent: string): string {
  const [first, second] = credential.settings.map((s) => `this.settings.${s.option}`);
  const scheme = JSON.stringify(credential.scheme);
  const lines: string[] = [];
  if (credential.kind === "bearer") lines.push(`if (schemes.includes(${scheme}) && ${first}) headers.set("authorization", \`Bearer \${${first}}\`);`);
  else if (credential.kind === "basic")
    lines.push(
      `if (schemes.includes(${scheme}) && ${first} !== undefined && ${second} !== undefined)`,
      `  headers.set("authorization", \`Basic \${btoa(\`\${${first}}:\${${second}}\`)}\`);`,
    );
  else if (credential.kind === "header")
    lines.push(`if (schemes.includes(${scheme}) && ${first}) headers.set(${JSON.stringify(credential.keyName)}, ${first});`);
  else lines.push(`if (schemes.includes(${scheme}) && ${first}) url.searchParams.set(${JSON.stringify(credential.keyName)}, ${first});`);
  return lines.map((line) => `${indent}${line}`).join("\n");
}
