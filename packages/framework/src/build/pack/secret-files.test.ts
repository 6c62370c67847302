import { describe, expect, test } from "vitest";
import { secretReason } from "./secret-files.js";

const text = (value: string) => Buffer.from(value);
const KEY = `-----BEGIN RSA PRIVATE KEY-----\n${"MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw".repeat(2)}\n-----END RSA PRIVATE KEY-----\n`;

describe("secretReason", () => {
  test("names environment files, credentials files, SSH keys, key stores and key folders", () => {
    expect(secretReason(".env", text(""))).toBe("an environment file");
    expect(secretReason("dist/.env.local", text(""))).toBe("an environment file");
    expect(secretReason("dist/.npmrc", text(""))).toBe("a credentials file");
    expect(secretReason(".netrc", text(""))).toBe("a credentials file");
    expect(secretReason("keys/id_rsa", text(""))).toBe("an SSH private key");
    expect(secretReason("dist/signing.p12", text(""))).toBe("a key store");
    expect(secretReason("dist/.aws/credentials", text(""))).toBe("in a folder of keys and logins");
  });

  test("finds a PEM private key by its contents, whatever the file is called", () => {
    expect(secretReason("dist/config.txt", text(KEY))).toBe("it holds a private key");
  });

  test("lets through code, certificates and code that only names the PEM armour", () => {
    expect(secretReason("dist/server.js", text("export const x = 1;"))).toBeUndefined();
    expect(secretReason("dist/ca.pem", text("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"))).toBeUndefined();
    expect(secretReason("dist/jose.js", text('const label = "-----BEGIN PRIVATE KEY-----"; parse(label);'))).toBeUndefined();
    expect(secretReason("dist/environment.js", text(""))).toBeUndefined();
    expect(secretReason("dist/id_rsa.pub", text("ssh-rsa AAAA"))).toBeUndefined();
  });
});
