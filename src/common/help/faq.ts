/**
 * FAQ entries by industry sector (product spec §2 "Help panel"). The figures are advice, not product
 * rules. A missing or unknown sector gets the Small Business entries.
 */
import type { IndustrySector } from '../constants';
import { helpFallbackSector, resolveSector } from './sector';
import type { FaqEntry } from './types';

/** E-mail setup and delivery: offered to every sector. */
export const emailFaq: readonly FaqEntry[] = [
  {
    question: 'How do I set up e-mail so Locus sends from my own address?',
    answer:
      "Go to Settings > Email Configuration. Enter a From name (a person and your business), the From address you send from, a Reply-to address that someone reads every day, and your provider's outgoing (SMTP) server, port (usually 587), user name and password. Google and Microsoft accounts may need an app password or an administrator to allow SMTP. Save, then click Send Test Email.",
  },
  {
    question: 'What should I check after clicking Send Test Email?',
    answer:
      'The test goes to your own address. Check both the inbox and the spam folder, open the message\'s headers ("Show original" in Gmail) and look for SPF, DKIM and DMARC all showing PASS, then reply to it to make sure replies reach your Reply-to address. An "authentication failed" error usually means a wrong password or that an app password is needed. A timeout usually means the wrong server name or port.',
  },
  {
    question: 'Why do my e-mails land in spam, and what are SPF, DKIM and DMARC?',
    answer:
      'They are DNS records that prove your messages come from you. SPF is one TXT record listing the services allowed to send for your domain (merge every service into a single record). DKIM is a signing key your provider gives you to publish, after which you switch signing on. DMARC is a TXT record at _dmarc.yourdomain.com: start with p=none and tighten it once SPF and DKIM pass. Also send from your own domain rather than a free webmail address, start with small daily volumes, and write plain, personal messages.',
  },
];

const surplusFundsFaq: readonly FaqEntry[] = [
  {
    question: 'What are surplus funds?',
    answer:
      'When a foreclosure or tax sale brings in more than the debt, interest and costs it was held to pay, the difference, also called excess proceeds or overages, is held by the court, the county or a trustee. It usually belongs to the former owner, though lienholders may have a claim first. Funds not claimed in time may go to the state or county.',
  },
  {
    question: 'How much do surplus funds locators typically charge?',
    answer:
      'Locator fees commonly run from 25% to 50% of the amount actually recovered, with no fee if nothing is recovered. Many states cap locator fees or set other conditions, such as waiting periods, required disclosures or notarization, and these rules change. Check current law for each state, and have your agreement reviewed by an attorney, before you quote a fee.',
  },
  {
    question: 'How long does a surplus funds claim usually take?',
    answer:
      'Once a complete claim is filed, payment commonly takes about 30 to 90 days. It can take longer when a court hearing is required, when lienholders dispute the funds, or when heirs must first go through probate. Give claimants a range rather than a date, and set a reminder in Locus to check with the office every two weeks.',
  },
  {
    question: 'Can the former owner claim the funds without a locator?',
    answer:
      'Often, yes, and some states require you to tell them so. Your value is the work: finding the funds, dealing with liens and deadlines, preparing the claim packet, and handling the court, the county or the heirs. Being upfront about this builds the trust that gets agreements signed.',
  },
  {
    question: 'What if the former owner has died?',
    answer:
      'The heirs or the estate can usually claim, but they need more paperwork, typically a death certificate, letters of administration or an affidavit of heirship, and the consent or signatures of the other heirs. Create each heir as a client linked to the same deal, and suggest a probate attorney early when the family situation is unclear.',
  },
  {
    question: 'Where do I find surplus funds leads?',
    answer:
      'Start with foreclosure and tax deed sale results and the surplus or excess proceeds lists that many clerks and treasurers publish, or provide under a public records request. Check court dockets for claims already filed, then skip trace the owners you want to work. The guide "Finding surplus funds leads" covers each step.',
  },
];

const realEstateInvestorFaq: readonly FaqEntry[] = [
  {
    question: 'How much money do I need for my first rental property?',
    answer:
      'Many first-time investors plan for a down payment of about $10,000 to $20,000 on a modest property, for example with a low-down-payment loan on a home they will live in, or 20% to 25% down on a lower-priced property. On top of that, budget for closing costs, repairs and several months of reserves. Requirements depend on the lender and the loan type.',
  },
  {
    question: 'What is a good cash-on-cash return?',
    answer:
      "Cash-on-cash return is the annual pre-tax cash flow divided by the total cash you invested (down payment, closing costs and repairs). Many investors look for 8% to 12% on a rental, but the right target depends on your market, the risk, the property's condition and your other options.",
  },
  {
    question: 'What is the 1% rule?',
    answer:
      'A quick screening test: the monthly rent should be at least about 1% of the purchase price plus repairs, so a $150,000 property should rent for around $1,500 a month. It filters listings fast, but it is not an analysis. Taxes, insurance, vacancy, repairs and financing decide whether a deal actually works.',
  },
  {
    question: 'How should I track a property in Locus?',
    answer:
      'Create a deal for each property and move it through your pipeline (Lead, Analysis, Offer, Under Contract, Closed) by dragging the card between columns. Put the purchase price, repair estimate, rent and your assumptions in the deal, and add activities with due dates for earnest money, inspection, financing and closing deadlines.',
  },
];

const taxDeedInvestorFaq: readonly FaqEntry[] = [
  {
    question: 'Do all liens disappear after a tax deed sale?',
    answer:
      "No. Many liens are wiped out, but depending on the state, some can survive: certain federal tax liens, some government and municipal liens, and code-enforcement fines. Order a title search before you bid seriously, and check your state's rules with an attorney.",
  },
  {
    question: 'Can the former owner take the property back after I win?',
    answer:
      "In some states the owner has a redemption period after the sale. In others the sale is final when the deed issues. Read the county's auction terms and your state's law before you bid, and track any redemption deadline as an activity on the deal.",
  },
  {
    question: 'Why do I need a quiet title action?',
    answer:
      'Title insurers often will not insure a property bought at a tax deed sale until a court confirms the title, so without one it can be hard to sell or finance. Include the cost and the time of a quiet title action in your maximum bid.',
  },
  {
    question: 'How do I set my maximum bid?',
    answer:
      'Start from the realistic resale or rental value. Subtract title-clearing costs, back utilities, repairs, holding and selling costs, then your required profit. Write the number on the deal before auction day and do not exceed it during the auction.',
  },
];

const wholesalerFaq: readonly FaqEntry[] = [
  {
    question: 'How much is a typical wholesale assignment fee?',
    answer:
      'Assignment fees commonly range from about $3,000 to $15,000, depending on the spread between your contract price and what end buyers will pay, the market and the size of the deal. Record the fee on the deal so you can track it by source and by buyer.',
  },
  {
    question: 'Is wholesaling legal?',
    answer:
      'Assigning a purchase contract is legal in most places, but several states regulate wholesaling. Some require a real estate licence to market a contract you do not own, or written disclosures to sellers and buyers. Check current law in each state you work in, ideally with an attorney.',
  },
  {
    question: 'How do I work out my maximum offer?',
    answer:
      'A common rule of thumb is the after-repair value × 70% − repairs − your assignment fee. Adjust the percentage to what your cash buyers actually pay in your market, and record your numbers on the deal.',
  },
  {
    question: 'When should I double close instead of assigning?',
    answer:
      'When the contract cannot be assigned, when a lender will not accept an assignment, or when you would rather not show a large fee to the seller and the buyer. A double close means two separate closings and extra costs. Ask your title company how they handle it.',
  },
];

const smallBusinessFaq: readonly FaqEntry[] = [
  {
    question: 'What is the difference between a lead, a client and a deal?',
    answer:
      'A lead is someone who might buy. A client is someone you work with. A deal is a specific opportunity with a value and a stage. When a lead becomes a real opportunity, convert it: it becomes a client, and a deal can be created at the same time.',
  },
  {
    question: 'How do I move a deal to the next stage?',
    answer:
      'Open Deals, switch to the pipeline view and drag the card into the next column. You can rename or add stages in Settings to match how you sell.',
  },
  {
    question: 'How do I give my team access?',
    answer:
      'In Users, add each teammate with a role (admin, manager or user), and adjust their permissions so they see what they need. Assign each lead and deal an owner so responsibilities are clear.',
  },
  {
    question: 'Can clients sign documents online?',
    answer:
      'Yes. Create a document from a template, place the signature fields, and send it. Each recipient gets a secure link by e-mail, and you can follow the document from sent to viewed, signed and completed.',
  },
];

export const faqBySector: Readonly<Record<IndustrySector, readonly FaqEntry[]>> = {
  'Surplus Funds Locator': [...surplusFundsFaq, ...emailFaq],
  'Real Estate Investor': [...realEstateInvestorFaq, ...emailFaq],
  'Small Business': [...smallBusinessFaq, ...emailFaq],
  'Tax Deed Investor': [...taxDeedInvestorFaq, ...emailFaq],
  Wholesaler: [...wholesalerFaq, ...emailFaq],
};

export function faqForIndustry(sector: string | null | undefined): FaqEntry[] {
  return [...faqBySector[resolveSector(sector, helpFallbackSector)]];
}
