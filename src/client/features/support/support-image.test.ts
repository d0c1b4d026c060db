import { describe, expect, it } from 'vitest';
import {
  SUPPORT_IMAGE_MAX_BYTES,
  supportImageInvalidMessage,
  supportImageTooLargeMessage,
} from '../../../common/validation/support';
import { supportImageProblem } from './support-image';

describe('supportImageProblem', () => {
  it('accepts raster images up to 512 KB', () => {
    expect(supportImageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(supportImageProblem({ type: 'image/webp', size: SUPPORT_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, SVG included, and empty files', () => {
    expect(supportImageProblem({ type: 'image/svg+xml', size: 10 })).toBe(supportImageInvalidMessage);
    expect(supportImageProblem({ type: 'application/pdf', size: 10 })).toBe(supportImageInvalidMessage);
    expect(supportImageProblem({ type: 'image/png', size: 0 })).toBe(supportImageInvalidMessage);
  });

  it('refuses files over 512 KB', () => {
    expect(supportImageProblem({ type: 'image/jpeg', size: SUPPORT_IMAGE_MAX_BYTES + 1 })).toBe(
      supportImageTooLargeMessage,
    );
  });
});
