/*
 * Form controls of the signer pages (callers add the height and 16 px text or larger, so iOS does
 * not zoom in). Written out whole: the lean signing entry has no class merger (lib/cn.ts), so classes
 * that override the shared field style's would be ambiguous.
 */
export const signerControlClassName =
  'block w-full rounded-lg border border-border bg-surface px-3 text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:outline-2 ' +
  'focus-visible:outline-primary/25 aria-invalid:border-destructive';
