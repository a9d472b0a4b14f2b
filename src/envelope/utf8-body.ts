import { isUtf8 } from 'node:buffer';

/** The body parser's error type of a REST body whose bytes are no UTF-8 (error-mapping.ts answers it). */
export const NOT_UTF8_BODY = 'entity.not.utf8';

/**
 * The JSON body parser's check of a body's bytes before it decodes them: bytes that are no UTF-8
 * are refused (400, NOT_UTF8_BODY), never read with replacement characters, which a title or a
 * name would then be stored with.
 */
export function refuseNonUtf8Body(_req: unknown, _res: unknown, bytes: Buffer): void {
  if (!isUtf8(bytes)) throw Object.assign(new Error('The request body is not valid UTF-8.'), { status: 400, type: NOT_UTF8_BODY });
}
