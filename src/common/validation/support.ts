import { z } from 'zod';
import { blankable, emailField, enumField, maxLength, nameField, tooLongMessage } from './common';
import { supportSubmissionTypes } from '../allowed-values';

/** The largest screenshot the support form may attach, decoded (its data URL is a third longer). */
export const SUPPORT_IMAGE_MAX_BYTES = 512 * 1024;
export const supportImageInvalidMessage = 'Image must be a PNG, JPEG, GIF or WebP image or an https link';
export const supportImageTooLargeMessage = 'Image must be 512 KB or smaller';

const IMAGE_DATA_URL =
  /^data:image\/(?:png|jpeg|gif|webp);base64,((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;
const httpsUrl = z.url({ protocol: /^https$/ });

/**
 * An uploaded screenshot as a base64 data URL of a raster image (no SVG: it can carry script), or
 * an https link to one. Anything else (javascript:, http:, plain text) is refused.
 */
const supportImage = z
  .string({ error: supportImageInvalidMessage })
  .trim()
  .superRefine((value, ctx) => {
    const data = IMAGE_DATA_URL.exec(value);
    if (data) {
      const base64 = data[1];
      const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
      const bytes = (base64.length / 4) * 3 - padding;
      if (bytes === 0) ctx.addIssue({ code: 'custom', message: supportImageInvalidMessage });
      else if (bytes > SUPPORT_IMAGE_MAX_BYTES)
        ctx.addIssue({ code: 'custom', message: supportImageTooLargeMessage });
      return;
    }
    if (value.length > 2048 || !httpsUrl.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: supportImageInvalidMessage });
    }
  });

/** Support form (product spec §5) and POST /api/support-submission (data-model §5, §7). */
export const supportSubmissionSchema = z.object({
  firstName: nameField('First name must be at least 2 characters'),
  lastName: nameField('Last name must be at least 2 characters'),
  email: emailField('Please enter a valid email address'),
  type: enumField(supportSubmissionTypes, 'Please select a type'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(maxLength.text, tooLongMessage('Description', maxLength.text)),
  // Optional; '' (nothing attached) is absent.
  imageUrl: blankable(supportImage),
});

export type SupportSubmissionInput = z.infer<typeof supportSubmissionSchema>;
