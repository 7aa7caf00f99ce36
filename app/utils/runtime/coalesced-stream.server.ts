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
      pieces.push(piece);
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}
