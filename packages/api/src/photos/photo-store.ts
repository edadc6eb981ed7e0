import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** `<32 hex>.jpg` or `<32 hex>-thumb.jpg`: the only names the store writes or serves. */
export const PHOTO_FILE = /^([0-9a-f]{32})(-thumb)?\.jpg$/;

export function thumbnailName(file: string): string {
  return file.replace(/\.jpg$/, '-thumb.jpg');
}

/** Photo files on disk under `${dataDir}/uploads/photos`, named by the server only (ASVS 5.3.2). */
export class PhotoStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'uploads', 'photos');
  }

  /** Writes the image and its thumbnail atomically; returns the image's file name. */
  async save(image: Buffer, thumbnail: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.jpg`;
    await this.write(file, image);
    await this.write(thumbnailName(file), thumbnail);
    return file;
  }

  async read(file: string): Promise<Buffer | null> {
    if (!PHOTO_FILE.test(file)) return null;
    return readFile(join(this.dir, file)).catch(() => null);
  }

  async remove(file: string): Promise<void> {
    if (!PHOTO_FILE.test(file)) return;
    await rm(join(this.dir, file), { force: true });
    await rm(join(this.dir, thumbnailName(file)), { force: true });
  }

  private async write(file: string, bytes: Buffer): Promise<void> {
    const tmp = join(this.dir, `.${file}.${process.pid}.tmp`);
    await writeFile(tmp, bytes, { mode: 0o640 });
    await rename(tmp, join(this.dir, file));
  }
}
