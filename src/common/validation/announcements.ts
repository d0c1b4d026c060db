import { z } from 'zod';
import {
  blankable,
  dateField,
  emailField,
  enumField,
  idField,
  maxLength,
  requiredText,
  tooLongMessage,
} from './common';
import { systemUpdateCategories, systemUpdateIconTypes, systemUpdatePriorities } from './platform-values';

/* Announcements (issue 20 §7): system_updates posted by super admins, shown under the bell. */

export const announcementAudiences = ['everyone', 'organization', 'user'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

export const plainTextMessage = 'Announcements are plain text: remove HTML tags';
export const actionUrlMessage = 'Action URL must start with https://, http:// or / (a page of Locus)';
export const expiresInPastMessage = 'Expires at must be in the future';

/**
 * Markup: `<` directly followed by a tag name, `/`, `!` or `?` (`<b>`, `</p>`, `<!--`, `<script`), as
 * browsers read a tag. "a < b" or "<3" stays plain text. The bell renders text, never HTML; refusing
 * markup keeps a pasted script from waiting in the table for some future renderer.
 */
const markup = /<[a-z/!?]/i;
export function hasMarkup(text: string): boolean {
  return markup.test(text);
}

function plainText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine((text) => !hasMarkup(text), plainTextMessage);
}

/**
 * A link the bell opens: an absolute http(s) URL, or a path of this site ("/settings/profile").
 * "//evil.example" and "/\evil.example" are other sites to a browser, so they are refused.
 */
export function isActionUrl(value: string): boolean {
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value) && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** POST /api/super-admin/system-updates. */
export const postAnnouncementSchema = z
  .object({
    // Optional: an API caller may name only organizationId or userId, as system_updates spells them.
    audience: enumField(
      announcementAudiences,
      'Audience must be everyone, one organization or one user',
    ).optional(),
    organizationId: blankable(idField('Choose an organization')),
    /** One user, by id (API) or by e-mail (the screen's form). */
    userId: blankable(idField('Choose a user')),
    userEmail: blankable(emailField()),
    title: requiredText('Title is required', maxLength.line).pipe(plainText('Title', maxLength.line)),
    description: blankable(plainText('Description', 2000)),
    category: enumField(systemUpdateCategories, 'Invalid category').default('announcement'),
    priority: enumField(systemUpdatePriorities, 'Priority must be low, normal, high or urgent').default(
      'normal',
    ),
    iconType: enumField(systemUpdateIconTypes, 'Invalid icon').default('info'),
    actionUrl: blankable(
      z
        .string()
        .trim()
        .max(maxLength.url, tooLongMessage('Action URL', maxLength.url))
        .refine(isActionUrl, actionUrlMessage),
    ),
    expiresAt: blankable(dateField('Expires at')),
  })
  .superRefine((input, ctx) => {
    const audience = audienceOfAnnouncement(input);
    if (audience === 'organization' && !input.organizationId) {
      ctx.addIssue({ code: 'custom', path: ['organizationId'], message: 'Choose an organization' });
    }
    if (audience === 'user' && !input.userId && !input.userEmail) {
      ctx.addIssue({ code: 'custom', path: ['userEmail'], message: "Enter the user's e-mail" });
    }
    if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: expiresInPastMessage });
    }
  });
export type PostAnnouncementInput = z.input<typeof postAnnouncementSchema>;

/** Who an announcement is for: as chosen, else one user when one is named, else one organization, else everyone. */
export function audienceOfAnnouncement(input: {
  audience?: (typeof announcementAudiences)[number];
  organizationId?: string | null;
  userId?: string | null;
  userEmail?: string | null;
}): (typeof announcementAudiences)[number] {
  if (input.audience) return input.audience;
  if (input.userId || input.userEmail) return 'user';
  return input.organizationId ? 'organization' : 'everyone';
}
