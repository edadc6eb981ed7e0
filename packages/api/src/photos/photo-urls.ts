import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY = 86_400;

/**
 * URLs of photo files. `<img>` cannot send headers, so an approved photo is public by its
 * unguessable name, and a pending or rejected one (only ever shown to its owner) carries an HMAC
 * signature with an expiry. Expiries are rounded to the next day boundary plus a day, so the
 * URL of a photo is stable for hours and browsers can cache it.
 */
export class PhotoUrls {
  /** An approved photo's URL is this followed by its file name (a send builds it in SQL). */
  readonly publicBase: string;

  constructor(
    apiUrl: string,
    private readonly secret: string,
  ) {
    this.publicBase = `${apiUrl}/photos/`;
  }

  url(file: string, opts: { signed: boolean; now?: number }): string {
    const base = `${this.publicBase}${file}`;
    if (!opts.signed) return base;
    const now = Math.floor((opts.now ?? Date.now()) / 1000);
    const expires = (Math.floor(now / DAY) + 2) * DAY;
    return `${base}?expires=${expires}&signature=${this.sign(file, expires)}`;
  }

  verify(
    file: string,
    expires: string | undefined,
    signature: string | undefined,
    now = Date.now(),
  ): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
      return false;
    }
    if (Number(expires) * 1000 < now) return false;
    const expected = Buffer.from(this.sign(file, Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(file: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`photo:${file}:${expires}`).digest('base64url');
  }
}
