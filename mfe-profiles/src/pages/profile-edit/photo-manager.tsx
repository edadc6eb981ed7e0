import { toFailure } from '@ukd/api-client';
import type { Photo } from '@ukd/contracts/api';
import { PHOTO_LIMITS } from '@ukd/contracts/api/options';
import { Button, Modal, Spinner } from '@ukd/ui';
import { type ChangeEvent, useId, useState } from 'react';
import {
  useDeletePhotoMutation,
  useMyPhotosQuery,
  useSetPrimaryPhotoMutation,
  useUploadPhotoMutation,
} from '../../profiles-api';
import styles from './edit.module.css';
import { photoProblem } from './photo-problem';

const STATUS_TEXT: Record<Photo['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Not approved',
};

/**
 * The member's photos: upload (checked and re-encoded by the API; a fake or oversized image gets
 * its 422 message here), choose the primary one, delete. A new photo waits for moderation; only
 * approved photos show to other members.
 */
export function PhotoManager({ onUploaded }: { onUploaded?: (photo: Photo) => void }) {
  const { data: photos, isLoading } = useMyPhotosQuery();
  const [upload, uploading] = useUploadPhotoMutation();
  const [setPrimary, settingPrimary] = useSetPrimaryPhotoMutation();
  const [remove, removing] = useDeletePhotoMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const inputId = useId();
  const busy = uploading.isLoading || settingPrimary.isLoading || removing.isLoading;
  const full = (photos?.length ?? 0) >= PHOTO_LIMITS.maxPerMember;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setOutcome(null);
    // Checks the browser can make before sending megabytes over a phone connection.
    const problem = photoProblem(file);
    if (problem) return setOutcome({ tone: 'error', text: problem });
    const result = await upload(file);
    if ('error' in result) {
      const failure = toFailure(result.error);
      setOutcome({
        tone: 'error',
        text: failure.fieldErrors.photo ?? (failure.message || 'The photo could not be uploaded.'),
      });
    } else {
      setOutcome({
        tone: 'success',
        text: 'Photo uploaded. Other members see it once our team has approved it.',
      });
      onUploaded?.(result.data);
    }
  }

  async function run(call: () => Promise<{ error?: unknown }>, done: string) {
    setOutcome(null);
    const result = await call();
    if (result.error) {
      setOutcome({ tone: 'error', text: toFailure(result.error).message || 'That did not work.' });
    } else setOutcome({ tone: 'success', text: done });
  }

  return (
    <div>
      {isLoading ? (
        <Spinner label="Loading photos" />
      ) : photos?.length ? (
        <ul className={styles.photos} aria-label="Your photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className={styles.photo}>
              <img
                src={photo.thumbnail_url}
                alt={`Yours, ${index + 1} of ${photos.length}`}
                width={400}
                height={400}
                loading="lazy"
              />
              <div className={styles.photoStatus}>
                {photo.is_primary ? (
                  <span className={`${styles.tag} ${styles.tagPrimary}`}>Main photo</span>
                ) : null}
                <span
                  className={`${styles.tag} ${
                    photo.status === 'pending'
                      ? styles.tagPending
                      : photo.status === 'rejected'
                        ? styles.tagRejected
                        : ''
                  }`}
                >
                  {STATUS_TEXT[photo.status]}
                </span>
              </div>
              <div className={styles.photoActions}>
                {!photo.is_primary && photo.status !== 'rejected' ? (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Make photo ${index + 1} your main photo`}
                    onClick={() => run(() => setPrimary(photo.id), 'Your main photo is changed.')}
                  >
                    Make main
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Delete photo ${index + 1}`}
                  onClick={() => setDeleting(photo)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>You have no photos yet. Members with a photo get far more visits.</p>
      )}
      <p
        className={outcome ? `ukd-notice ukd-notice--${outcome.tone}` : 'ukd-visually-hidden'}
        role={outcome?.tone === 'error' ? 'alert' : 'status'}
      >
        {outcome?.text ?? ''}
      </p>
      {full ? (
        <p className={styles.hint}>You have {PHOTO_LIMITS.maxPerMember} photos, the most you can keep.</p>
      ) : (
        <>
          <label className={styles.upload} htmlFor={inputId}>
            <span className="ukd-button ukd-button--primary">
              {uploading.isLoading ? 'Uploading…' : photos?.length ? 'Add another photo' : 'Add a photo'}
            </span>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
              disabled={uploading.isLoading}
              onChange={onFile}
            />
          </label>
          <p className={styles.hint}>
            JPEG, PNG, WebP or HEIC, at least {PHOTO_LIMITS.minEdge} × {PHOTO_LIMITS.minEdge} pixels and up to{' '}
            {PHOTO_LIMITS.maxBytes / 1024 / 1024} MB. We remove location and camera data.
          </p>
        </>
      )}
      <Modal open={deleting !== null} title="Delete this photo?" onClose={() => setDeleting(null)}>
        <p>It is removed for good.</p>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button variant="ghost" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            disabled={removing.isLoading}
            onClick={async () => {
              const photo = deleting;
              setDeleting(null);
              if (photo) await run(() => remove(photo.id), 'The photo has been deleted.');
            }}
          >
            Delete photo
          </Button>
        </div>
      </Modal>
    </div>
  );
}
