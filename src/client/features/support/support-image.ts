import {
  SUPPORT_IMAGE_MAX_BYTES,
  supportImageInvalidMessage,
  supportImageTooLargeMessage,
} from '../../../common/validation/support';

/** The image types the support form accepts (no SVG: it can carry script). */
export const supportImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why a chosen file cannot be attached, or null when it can (checked before it is read). */
export function supportImageProblem(file: { type: string; size: number }): string | null {
  if (!(supportImageTypes as readonly string[]).includes(file.type)) return supportImageInvalidMessage;
  if (file.size === 0) return supportImageInvalidMessage;
  if (file.size > SUPPORT_IMAGE_MAX_BYTES) return supportImageTooLargeMessage;
  return null;
}

/** A file as a base64 data URL, as POST /api/support-submission takes the image. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read')));
    reader.readAsDataURL(file);
  });
}
