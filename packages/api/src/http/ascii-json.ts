const EVERY_NON_ASCII = /[\u0080-\uffff]/g;
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every character beyond ASCII written as a `\u` escape. An answer is built from
 * many small strings; one of them from a member's text with a curly quote or an emoji made V8
 * hold the whole answer two bytes a character, and turning that into UTF-8 bytes for the socket
 * took twice as long as for ASCII (the conversation list's 38 KB: about 100 against 50 µs, a
 * twentieth of its CPU). Any JSON reader reads the escapes back to the same text. The escaped
 * text is read back from its Latin-1 bytes because `replace` on a string V8 holds two bytes a
 * character answers one held the same way, even when all of it is ASCII, and that one piece made
 * the whole answer two-byte again (perf under the conversation list: 3 % of the API's CPU in
 * copying two-byte text).
 */
export function asciiJson(text: string): string {
  // Any character beyond ASCII is more than one byte in UTF-8; counting them is quicker than a
  // regular expression on the short strings an answer is made of.
  return Buffer.byteLength(text) === text.length
    ? text
    : Buffer.from(text.replace(EVERY_NON_ASCII, escaped), 'latin1').toString('latin1');
}
