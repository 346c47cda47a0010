import { EVENT_LIMITS } from '@gatepass/shared';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

export const tooLarge = () =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The image is larger than ${EVENT_LIMITS.coverMaxBytes / 1024 / 1024} MB. Please upload a smaller one.`,
  );

/** Multipart limits (registered with @fastify/multipart in app.ts). */
export const MULTIPART_LIMITS = {
  fileSize: EVENT_LIMITS.coverMaxBytes,
  files: 1,
  fields: 10,
  parts: 20,
  fieldSize: 1024,
} as const;

/**
 * The bytes of the one file in a multipart/form-data upload (any field name; the web
 * sends `file`). The type is decided later from the content, never from the part's name
 * or its declared content type.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Please send the image as multipart/form-data in a field named file.',
    );
  }
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw mapMultipartError(err);
  }
  if (!part) throw new AppError(400, 'VALIDATION_FAILED', 'Please choose an image to upload.');
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0)
      throw new AppError(400, 'VALIDATION_FAILED', 'The uploaded file is empty.');
    return bytes;
  } catch (err) {
    throw mapMultipartError(err);
  }
}

function mapMultipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, 'VALIDATION_FAILED', 'Please upload one image at a time.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Please send the image as multipart/form-data in a field named file.',
    );
  }
  return new AppError(400, 'VALIDATION_FAILED', 'The upload could not be read. Please try again.');
}
