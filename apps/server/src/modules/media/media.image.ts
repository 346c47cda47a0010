import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Longest side of a stored image: sharp enough for a full-width cover on a large screen. */
const MAX_SIDE = 2000;
/** Refuses decompression bombs before decoding them (a 5 MB PNG can hold gigapixels). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The type by content (magic bytes), never by file name or the client's content type.
 * https://www.w3.org/TR/png/#5PNG-file-signature, JFIF SOI marker, RIFF/WEBP header.
 */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const at = (offset: number, ...expected: number[]) =>
    expected.every((b, i) => bytes[offset + i] === b);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50))
    return 'webp';
  return undefined;
}

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

export const unsupportedImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please upload a JPEG, PNG or WebP image.');
const unreadableImage = () =>
  new AppError(
    400,
    'INVALID_IMAGE',
    'This image could not be read. Please upload a different JPEG, PNG or WebP file.',
  );

/**
 * Decodes the upload completely, turns it upright (EXIF orientation), shrinks it to at most
 * MAX_SIDE and encodes it anew: JPEG, or WebP when it really has transparency. Re-encoding drops
 * EXIF (camera GPS included) and anything hidden after the image data; a file that does not
 * decode cleanly is refused.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const kind = sniffImage(input);
  if (!kind) throw unsupportedImage();
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
    const meta = await image.metadata();
    if (meta.format !== kind) throw unsupportedImage();
    // Many PNGs carry an alpha channel they never use; only real transparency needs WebP.
    const transparent = meta.hasAlpha && !(await image.stats()).isOpaque;
    const pipeline = image
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const output = transparent
      ? await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true })
      : await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      bytes: output.data,
      contentType: transparent ? 'image/webp' : 'image/jpeg',
      width: output.info.width,
      height: output.info.height,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadableImage();
  }
}
