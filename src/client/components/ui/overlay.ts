/** The dimmed backdrop behind every modal layer (dialogs, confirmations, sheets, panels). */
export const overlayClassName =
  'fixed inset-0 z-50 bg-slate-950/45 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out';
