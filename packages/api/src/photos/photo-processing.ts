import { PHOTO_LIMITS, PHOTO_MESSAGES } from '@ukd/contracts/api';
import sharp, { type Metadata } from 'sharp';

export const PHOTO_MAX_EDGE = 1600;
export const THUMBNAIL_EDGE = 400;

/** Why an upload was refused; the message is the 422 text on the `photo` field. */
export class PhotoRejected extends Error {}

export interface ProcessedPhoto {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const ACCEPTED = new Set<string>(PHOTO_LIMITS.formats);

/**
 * Checks an upload by its content and re-encodes it (ASVS 5.2.2). The format comes from sharp's
 * own sniffing of the bytes (the file name and Content-Type are ignored), the pixel count is
 * checked from the header before anything is decoded (a 20k × 20k bomb never is), decoding stops
 * at the first corrupt byte, and the output is a fresh JPEG without any metadata (EXIF, GPS, XMP,
 * ICC are dropped; the EXIF orientation is applied to the pixels first).
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length === 0) throw new PhotoRejected(PHOTO_MESSAGES.notImage);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected(PHOTO_MESSAGES.notImage);
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new PhotoRejected(PHOTO_MESSAGES.notImage);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > PHOTO_LIMITS.maxPixels) throw new PhotoRejected(PHOTO_MESSAGES.tooManyPixels);
  // `pages` > 1 (animated WebP / multi-image HEIF): only the first frame is decoded, and the
  // pixel limit above already bounds a single frame.
  const swap = (meta.orientation ?? 1) >= 5;
  const [w, h] = swap ? [height, width] : [width, height];
  if (w < PHOTO_LIMITS.minEdge || h < PHOTO_LIMITS.minEdge) throw new PhotoRejected(PHOTO_MESSAGES.tooSmall);

  try {
    const decoded = sharp(input, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'error' })
      .rotate()
      .toColourspace('srgb');
    const { data: image, info } = await decoded
      .clone()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'cover', position: 'attention' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof PhotoRejected) throw error;
    throw new PhotoRejected(PHOTO_MESSAGES.notImage);
  }
}
