/**
 * Characters as every length limit of the schemas counts them (zod measures strings in Unicode code points): an
 * accented letter, a Chinese character and an emoji are one character each, though an emoji is two UTF-16 units
 * (JavaScript's `length`) and four bytes of UTF-8. Forms count with this so their counters agree with the server.
 */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    // A surrogate pair is one character; a lone surrogate counts as itself, as zod counts it.
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}
