import { Transform } from "node:stream";

/**
 * A pass-through that sends on, as one chunk, everything written to it in one turn of the event
 * loop. React writes a document in pieces of about 2 KB, and remix-serve's compression takes each
 * piece to the thread pool on a trip of its own, one after another: on this machine that kept the
 * last byte of a page about 7 ms behind React. What is written later (loader data React streams
 * after the shell) still goes on in the turn it was written.
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
