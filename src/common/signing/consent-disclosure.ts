/**
 * The ESIGN Act (15 U.S.C. §7001(c)) consent disclosure a signer accepts before a document opens.
 * Versioned: each recipient stores the version accepted, so the exact words can be shown later
 * (the evidence export of issue 18). Never edit a published version: add a new one.
 */
export interface ConsentDisclosure {
  version: string;
  title: string;
  sections: { heading: string; body: string }[];
  acceptLabel: string;
}

export const consentDisclosures: Record<string, ConsentDisclosure> = {
  '2026-11-1': {
    version: '2026-11-1',
    title: 'Consent to sign electronically',
    sections: [
      {
        heading: 'What you agree to',
        body: 'You agree to receive, review and sign this document electronically, and that your electronic signature has the same legal effect as a handwritten one. This consent covers this document and the notices about it only.',
      },
      {
        heading: 'Your right to paper',
        body: 'You may ask the sender for a paper copy of this document at any time, free of charge, by replying to the e-mail that brought you here.',
      },
      {
        heading: 'Withdrawing consent',
        body: 'You may withdraw this consent before you finish signing by choosing Decline on the signing page or by telling the sender. Withdrawing does not affect anything you signed before.',
      },
      {
        heading: 'What you need',
        body: 'A current web browser (Chrome, Safari, Firefox or Edge) on a phone or computer, an e-mail address you can read, and a way to save or print a PDF to keep your copy.',
      },
    ],
    acceptLabel: 'I agree to use electronic records and signatures',
  },
};

export const currentConsentVersion = '2026-11-1';

export const currentConsentDisclosure = (): ConsentDisclosure => consentDisclosures[currentConsentVersion];
