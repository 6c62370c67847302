/**
 * What a server (or a model) says, made safe to show on a terminal: a string a server supplies
 * can hold escape sequences that retitle the window, clear the screen, move the cursor to
 * overwrite what the host printed, or reverse the text's direction. Shown on a terminal, each
 * control character becomes visible instead (`cat -v`'s caret form, `^[` for ESC); written to a
 * file or a pipe, the text goes out as the server sent it.
 */

// C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and isolates.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character shown: `^[` for ESC, `^M` for a lone CR, `<U+202E>` for a direction override. */
export function neutralised(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
    if (code === 0x7f) return "^?";
    return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
  });
}

/** Writes `text` to `stream`, its control characters shown when the stream is a terminal. */
export function show(stream: NodeJS.WriteStream, text: string): void {
  stream.write(stream.isTTY ? neutralised(text) : text);
}
