import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { HttpAuthOptions } from "./http-options.js";
import type { Refusal } from "./request-guards.js";

/** The path of the RFC 9728 protected-resource metadata document for an endpoint. */
export function metadataPath(endpointPath: string): string {
  return `/.well-known/oauth-protected-resource${endpointPath}`;
}

/** Checks the bearer token; undefined when the request may proceed. */
export async function checkBearer(req: IncomingMessage, auth: HttpAuthOptions, metadataUrl: string | undefined): Promise<Refusal | undefined> {
  const header = req.headers.authorization ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const challenge = `Bearer realm="mcp"${metadataUrl ? `, resource_metadata="${metadataUrl}"` : ""}`;
  if (!token) {
    return { status: 401, message: "Missing bearer token: send Authorization: Bearer <token>.", headers: { "WWW-Authenticate": challenge } };
  }
  if (await isValid(token, auth)) return undefined;
  return {
    status: 401,
    message: "Invalid bearer token.",
    headers: { "WWW-Authenticate": `${challenge}, error="invalid_token"` },
  };
}

async function isValid(token: string, auth: HttpAuthOptions): Promise<boolean> {
  if (auth.verifyToken) {
    try {
      return (await auth.verifyToken(token)) === true;
    } catch {
      return false;
    }
  }
  if (auth.token === undefined) return false;
  // Hashing first gives equal-length inputs, so neither content nor length leaks through timing.
  return timingSafeEqual(digest(token), digest(auth.token));
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
