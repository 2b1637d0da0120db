/**
 * Where JSON text stops being valid: the offset of the first character a JSON
 * parser cannot accept (the text's length when it ends too early), or -1 when
 * the text is valid JSON. Only for error messages: `JSON.parse` does the parsing,
 * and not every engine says where it failed.
 * @example
 * jsonErrorOffset('{"a": 1,}'); // 8, the "}" after the comma
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (at: number): never => {
    throw at;
  };
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) if (text[i++] !== ch) fail(i - 1);
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail(i);
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x') || i >= text.length) fail(i);
      }
      i++;
    }
    if (i >= text.length) fail(i);
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') fail(i + (m?.[0].length ?? 0));
    i += m![0].length;
  };
  // An explicit stack instead of recursion: deeply nested text must not overflow the call stack here either.
  const closers: string[] = [];
  const key = () => {
    space();
    if (text[i] !== '"') fail(i);
    string();
    space();
    if (text[i] !== ':') fail(i);
    i++;
  };
  /** Reads one value; true when it opened a non-empty container whose first value comes next. */
  const value = (): boolean => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      space();
      if (text[i] === (c === '{' ? '}' : ']')) {
        i++;
        return false;
      }
      closers.push(c === '{' ? '}' : ']');
      if (c === '{') key();
      return true;
    }
    if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail(i);
    return false;
  };
  try {
    while (value());
    while (closers.length > 0) {
      space();
      const close = closers[closers.length - 1];
      if (text[i] === close) {
        i++;
        closers.pop();
        continue;
      }
      if (text[i] !== ',') fail(i);
      i++;
      if (close === '}') key();
      while (value());
    }
    space();
    return i < text.length ? i : -1;
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length);
    throw at;
  }
}
