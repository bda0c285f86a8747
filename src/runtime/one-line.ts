const isControl = (unit: number) => unit < 0x20 || (unit >= 0x7f && unit <= 0x9f) || unit === 0x2028 || unit === 0x2029;

/**
 * Text with control and line-separator characters escaped (`\u000a`), so a
 * message stays one line. Messages about arguments are made of pieces that
 * pass through here where they come from (values, property names, pattern
 * text), so the whole message never needs a second look.
 */
export function oneLine(text: string): string {
  let i = 0;
  while (i < text.length && !isControl(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out += isControl(unit) ? `\\u${unit.toString(16).padStart(4, "0")}` : text[i];
  }
  return out;
}
