import { type CSSProperties, useState } from 'react';

export type AvatarGender = 'male' | 'female';

/**
 * The API's default image for a gender (SPEC §1: avatars differ by gender), for a picture that
 * fails to load; the API itself names each member's own generated portrait.
 */
export function defaultAvatarUrl(gender: AvatarGender): string {
  return `/api/avatars/default-${gender}.svg`;
}

/** Whether a picture URL is one of the generated portraits rather than a member's own photo. */
export function isGeneratedAvatar(url: string | null | undefined): boolean {
  return !url || /\/api\/avatars\/[^/]+\.svg$/.test(url);
}

/** Alt text for a member's picture that never passes a generated portrait off as their photo. */
export function memberPictureAlt(username: string, url: string | null | undefined): string {
  return isGeneratedAvatar(url)
    ? `${username} has no photo yet (illustrated avatar)`
    : `Photo of ${username}`;
}

interface AvatarProps {
  /** The member's photo; empty, missing or failing to load falls back to the gender's default. */
  src?: string | null | undefined;
  gender: AvatarGender;
  /** Usually the member's username. */
  alt: string;
  /** Width and height in CSS pixels; the image is cropped to a circle (or `shape="square"`). */
  size?: number;
  shape?: 'circle' | 'square';
  className?: string;
  loading?: 'lazy' | 'eager';
}

/** A member's picture, never a broken image: falls back to the gender's default avatar. */
export function Avatar({
  src,
  gender,
  alt,
  size = 48,
  shape = 'circle',
  className,
  loading = 'lazy',
}: AvatarProps) {
  const fallback = defaultAvatarUrl(gender);
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src && src !== failed ? src : fallback;
  const style: CSSProperties = {
    width: size,
    height: size,
    objectFit: 'cover',
    borderRadius: shape === 'circle' ? '50%' : 'var(--ukd-radius)',
    background: 'var(--ukd-color-brand-soft)',
    display: 'block',
    flex: 'none',
  };
  return (
    <img
      className={['ukd-avatar', className].filter(Boolean).join(' ')}
      src={wanted}
      alt={alt}
      width={size}
      height={size}
      loading={loading}
      decoding="async"
      style={style}
      onError={() => {
        if (wanted !== fallback) setFailed(wanted);
      }}
    />
  );
}
