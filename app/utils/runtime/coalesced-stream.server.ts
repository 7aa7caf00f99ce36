import { Transform } from "node:stream";

/**
 * A pass-through that sends on, as one chunk, everything written to it in one turn of the event
 * loop. React writes a document in pieces of about 2 KB, and the server's compression takes each
 * piece to the thread pool on a trip of its own, one after another: on this machine that kept the
 * last byte of a page 10 ms behind React, and 3–6 ms since (decision 016). What is written in a
 * later turn (loader data React streams after the shell) goes on in the turn after that one.
 */
export function coalescedStream() {
  let pieces: Buffer[] = [];
  const release = (stream: Transform) => {
    if (pieces.length) stream.push(Buffer.concat(pieces));
    pieces = [];
  };
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      if (!pieces.length) setImmediate(() => release(this));
      pieces.push(withoutReactsPadding(piece));
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}

/** React's server renderer fills views of this many bytes. */
const REACT_VIEW_BYTES = 2048;

/**
 * React 18.3's server renderer sends its whole 2,048-byte view when the next multi-byte character
 * does not fit in what is left of it: the 1–3 unused bytes go out as NULs. A browser drops a NUL
 * in text but reads it as U+FFFD inside an attribute, so a Persian value the server wrote back
 * into a form field came back with a character the user never typed, and the next post was
 * refused (a date "not in the right format"). Those bytes are never the page's: a NUL is no
 * character HTML may carry.
 */
export function withoutReactsPadding(piece: Buffer) {
  if (piece.length !== REACT_VIEW_BYTES) return piece;
  let end = piece.length;
  while (end > piece.length - 3 && piece[end - 1] === 0) end -= 1;
  return end === piece.length ? piece : piece.subarray(0, end);
}
