import { Readable, Transform } from 'node:stream';
import { AppError } from '../../foundation/errors';

const mismatch = (got: string, size: number) =>
  new AppError('validation', `The file has ${got} bytes, but ${size} were declared: it was cut short or is not the declared file`);

/**
 * The body of a put, refused with AppError('validation') when its length
 * differs from the declared `size` (a truncated upload, a wrong header). A
 * stream fails as soon as it passes `size` or ends short of it, so a store
 * writing it keeps nothing. Without `size` the body is returned as it is.
 */
export function withCheckedLength<T extends Readable | Buffer>(body: T, size: number | undefined): T | Readable {
  if (size === undefined) return body;
  if (!Number.isSafeInteger(size) || size < 0) throw new AppError('validation', `Invalid declared size: ${size}`);
  if (Buffer.isBuffer(body)) {
    if (body.length !== size) throw mismatch(String(body.length), size);
    return body;
  }
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > size ? mismatch(`more than ${size}`, size) : null, chunk);
    },
    flush(done) {
      done(seen !== size ? mismatch(String(seen), size) : null);
    },
  });
  // The caller's stream breaking breaks the counted one with the same error.
  body.once('error', (e) => counter.destroy(e));
  counter.once('close', () => {
    if (!body.readableEnded) body.destroy();
  });
  return body.pipe(counter);
}
