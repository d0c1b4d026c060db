import { logoContentTypes, logoMaxBytes } from '../../../common/constants';

export const logoTypeMessage = 'Logo must be a PNG, JPEG, GIF or WebP image';
export const logoSizeMessage = `Logo must be ${logoMaxBytes / 1024} KB or smaller`;

/** The client-side check before uploading (the server checks the content again). */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (!(logoContentTypes as readonly string[]).includes(file.type)) return logoTypeMessage;
  if (file.size > logoMaxBytes) return logoSizeMessage;
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)), { once: true });
    reader.addEventListener('error', () => reject(reader.error ?? new Error('Could not read the file')), {
      once: true,
    });
    reader.readAsDataURL(file);
  });
}
