import { crc32, deflateRawSync } from "node:zlib";
import { HostError } from "../../errors/host-error.js";

/** One file of a zip archive: its path inside the archive (forward slashes) and its bytes. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/**
 * A zip archive of `entries` (deflated, no encryption, no zip64): what an MCP Bundle (`.mcpb`)
 * is. Small and dependency-free; a bundle holds a server's few built files. Every name must be a
 * plain relative path (see {@link assertEntryName}), so unpacking writes inside one folder.
 */
export function zipFiles(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    assertEntryName(entry.name);
    const name = Buffer.from(entry.name, "utf8");
    const compressed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(DOS_DATE, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, compressed);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(DOS_DATE, 12);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * Throws unless `name` is a relative path of plain segments joined by `/`: no `..` or `.`
 * segment, no leading `/`, drive letter or backslash, no empty segment or control character.
 * An unpacker that trusts names would otherwise write outside its folder ("zip slip").
 */
export function assertEntryName(name: string): void {
  const segments = name.split("/");
  const bad =
    name === "" ||
    /^[A-Za-z]:/.test(name) ||
    /[\\\x00-\x1f\x7f]/.test(name) ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (bad) throw new HostError("HOST_USAGE", `refusing to put ${JSON.stringify(name)} in the bundle: an entry must be a plain path inside it.`);
}

// 1980-01-01 00:00: a fixed time, so the same files always make the same archive.
const DOS_DATE = (1 << 21) | (1 << 16);
