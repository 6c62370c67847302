// File names that hold secrets, never code a server runs. Matched against the base name, any case.
const SECRET_NAMES: readonly [RegExp, string][] = [
  [/^\.env(\..*)?$/i, "an environment file"],
  [/^\.(npmrc|yarnrc|yarnrc\.yml|netrc|pypirc|git-credentials|pgpass|htpasswd)$/i, "a credentials file"],
  [/^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$/i, "an SSH private key"],
  [/\.(key|p12|pfx|jks|keystore|ppk)$/i, "a key store"],
];

// Folders of keys and logins (~/.ssh, ~/.aws, …) copied into a package by mistake.
const SECRET_FOLDERS = /(^|\/)\.(ssh|aws|gnupg|docker|kube|azure|config\/gcloud)\//i;

// A PEM private key: its armour line followed by key material (not a parser's string literal).
const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----\s*[A-Za-z0-9+/=\r\n]{64}/;

/**
 * Why `name` (a path inside the bundle) with contents `data` must stay out of an MCP Bundle, or
 * undefined when it may go in: environment files (`.env`, `.env.local`, …), credentials files
 * (`.npmrc`, `.netrc`, …), SSH keys, key stores, whatever sits in a `.ssh`, `.aws` or similar
 * folder, and any file that holds a PEM private key (a `.pem` certificate without one goes in). A bundle is handed to other people; a server reads its secrets from the settings a host asks
 * its user for, never from files shipped beside it.
 */
export function secretReason(name: string, data: Uint8Array): string | undefined {
  const base = name.slice(name.lastIndexOf("/") + 1);
  for (const [pattern, reason] of SECRET_NAMES) if (pattern.test(base)) return reason;
  if (SECRET_FOLDERS.test(name)) return "in a folder of keys and logins";
  if (Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("latin1").match(PRIVATE_KEY)) return "it holds a private key";
  return undefined;
}
